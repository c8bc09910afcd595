// Runs before first paint (a blocking script in <head>; the CSP forbids inline scripts).
// 1. Applies the saved theme. Mirrors src/client/lib/theme.ts: key "unbuilt-theme", values
//    light/dark/system, dark by default; the choice itself goes on <html data-theme-choice> (the theme
//    toggle shows its icon by CSS).
// 2. Marks a remembered signed-in user (<html data-remembered-user>): the pre-rendered landing page at /
//    is then hidden, since the app will show their home page (ADR 041). Mirrors the auth store's
//    persisted state in src/client/lib/auth-store.ts: key "auth-storage", { state: { user } }.
(function () {
  var root = document.documentElement;
  var theme = 'dark';
  try {
    var saved = window.localStorage.getItem('unbuilt-theme');
    if (saved === 'light' || saved === 'dark' || saved === 'system') theme = saved;
  } catch (error) {
    theme = 'dark';
  }
  var prefersDark =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var resolved = theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;
  root.classList.toggle('dark', resolved === 'dark');
  root.classList.toggle('light', resolved === 'light');
  root.style.colorScheme = resolved;
  root.setAttribute('data-theme-choice', theme);

  var isRemembered = false;
  try {
    var auth = JSON.parse(window.localStorage.getItem('auth-storage') || 'null');
    isRemembered = Boolean(auth && auth.state && auth.state.user);
  } catch (error) {
    isRemembered = false;
  }
  if (isRemembered) root.setAttribute('data-remembered-user', '');
  else root.removeAttribute('data-remembered-user');
})();
