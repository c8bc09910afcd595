// Applies the saved theme before first paint (loaded as a blocking script in <head>; the CSP forbids
// inline scripts). Mirrors src/client/lib/theme.ts: key "unbuilt-theme", values light/dark/system,
// dark by default.
(function () {
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
  var root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.classList.toggle('light', resolved === 'light');
  root.style.colorScheme = resolved;
})();
