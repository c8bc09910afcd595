import { APP_LOADED_EVENT, type AppLoadedEvent, type StartOptions } from '#client/app/app-handoff.ts';
import { bindingFromEvent } from '#client/lib/key-binding.ts';
import { applyResolvedTheme, readStoredTheme, themeToggleText } from '#client/lib/theme.ts';
import '../styles.css';

// The only script of the pre-rendered landing page at / (landing.html; ADR 041). The page is already on
// screen, its links are real links; React and the app load when they are needed:
// - a remembered signed-in user (theme-init.js hid the page): at once, rendering their home page;
// - a visitor whose refresh cookie still holds a session: as soon as the start-up refresh says so;
// - any visitor, when they reach for a control (pointer over it, a touch, focus, a shortcut key): the app
//   hydrates this very HTML, so focus and scroll stay where they are. A click or a shortcut that comes
//   before it is ready is held and replayed once it is.

const CONTROL = 'a[href], button';
const html = document.documentElement;

type Held = { kind: 'click'; target: HTMLElement } | { kind: 'key'; target: EventTarget; init: KeyboardEventInit };
const held: Held[] = [];
let starting: Promise<void> | null = null;
let isReady = false;

/** The app's entry from the other build (index.html's script and modulepreloads, copied onto #root by the build). */
function loadApp(): Promise<AppLoadedEvent['detail']> {
  const root = document.getElementById('root');
  const entry = root?.dataset.appEntry;
  if (!root || !entry) return Promise.reject(new Error('This page does not name the app.'));
  for (const href of (root.dataset.appPreload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  return new Promise((resolve, reject) => {
    root.addEventListener(APP_LOADED_EVENT, (event) => resolve((event as AppLoadedEvent).detail), { once: true });
    import(/* @vite-ignore */ entry).catch(reject);
  });
}

function start(options: StartOptions): Promise<void> {
  starting ??= loadApp()
    .then((startApp) => startApp(options))
    .then(
      () => {
        isReady = true;
        stopListening();
        for (const item of held.splice(0)) {
          if (item.kind === 'click') item.target.click();
          else item.target.dispatchEvent(new KeyboardEvent('keydown', item.init));
        }
      },
      (error: unknown) => {
        // The app could not load (offline, a deploy replaced its files): held links still go where they lead.
        stopListening();
        const link = held.find((item) => item.kind === 'click' && item.target instanceof HTMLAnchorElement);
        if (link?.kind === 'click' && link.target instanceof HTMLAnchorElement)
          window.location.assign(link.target.href);
        throw error;
      },
    );
  return starting;
}

/** A link the page itself can follow without the app: another origin, mailto:, a new tab, or this page's own #fragment. */
function isPlainLink(link: HTMLAnchorElement, event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return true;
  if (link.target || link.hasAttribute('download')) return true;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return true;
  return url.pathname === window.location.pathname && url.search === window.location.search && url.hash !== '';
}

function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

let refresh: Promise<string | null> | undefined;
const startForVisitor = () => void start({ hydrate: true, refresh }).catch(() => undefined);

function onIntent(event: Event): void {
  if (event.target instanceof Element && event.target.closest(CONTROL)) startForVisitor();
}

function onClick(event: MouseEvent): void {
  if (isReady || !(event.target instanceof Element)) return;
  const control = event.target.closest<HTMLElement>(CONTROL);
  if (!control || (control instanceof HTMLAnchorElement && isPlainLink(control, event))) return;
  event.preventDefault();
  event.stopPropagation();
  held.push({ kind: 'click', target: control });
  startForVisitor();
}

function onKeydown(event: KeyboardEvent): void {
  if (isReady || isTypingTarget(event.target) || !bindingFromEvent(event) || !event.target) return;
  const { key, code, ctrlKey, metaKey, altKey, shiftKey } = event;
  held.push({
    kind: 'key',
    target: event.target,
    init: { key, code, ctrlKey, metaKey, altKey, shiftKey, bubbles: true, cancelable: true },
  });
  startForVisitor();
}

const INTENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

function listen(): void {
  for (const type of INTENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKeydown, true);
}

function stopListening(): void {
  for (const type of INTENTS) document.removeEventListener(type, onIntent, true);
  document.removeEventListener('click', onClick, true);
  document.removeEventListener('keydown', onKeydown, true);
}

/** The start-up refresh the app would send (a session the refresh cookie holds): the token, or null. */
async function refreshSession(): Promise<string | null> {
  try {
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: { accessToken?: unknown } };
    return typeof body.data?.accessToken === 'string' ? body.data.accessToken : null;
  } catch {
    return null;
  }
}

/** The HTML was rendered with no stored choice: name the theme toggle after the visitor's own (its icon is CSS). */
function matchStoredTheme(): void {
  const theme = readStoredTheme(localStorage);
  const toggle = document.querySelector<HTMLElement>('[data-theme-toggle]');
  if (toggle) {
    const { label, title } = themeToggleText(theme);
    toggle.setAttribute('aria-label', label);
    toggle.title = title;
  }
  if (theme === 'system' && typeof window.matchMedia === 'function') {
    // Until the app takes this over (theme-store.ts): follow the operating system's preference.
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => {
      if (!isReady) applyResolvedTheme(html, query.matches ? 'dark' : 'light');
    };
    query.addEventListener('change', follow);
  }
}

if (html.hasAttribute('data-remembered-user')) {
  void start({ hydrate: false }).catch(() => undefined);
} else {
  matchStoredTheme();
  refresh = refreshSession();
  listen();
  void refresh.then((accessToken) => {
    if (accessToken) startForVisitor();
  });
}
