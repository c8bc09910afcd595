import type { Page, Request } from 'playwright-core';

// When a page the layout audit opens has finished drawing itself. Playwright's `networkidle` guessed it
// from 500 ms without a request, on every page (most of the audit's time); this waits for the things
// themselves, for as long as they take, and then looks again:
//   - no request of the page in flight (counted from Playwright's request events);
//   - no timer of 1 s or less pending in the page: React 19 reveals a lazy page on a timer, up to 300 ms
//     after its fallback, with no request meanwhile, and the page's queries start only after that;
//   - fonts loaded, images decoded, CSS transitions and finite animations finished;
//   - then an idle callback (the main thread has nothing left to run) and two frames, during which
//     nothing happened: no request, timer, finished resource or DOM change.

const SHORT_TIMER_MS = 1000;
/** Playwright's own default for a wait, which networkidle had. */
const SETTLE_TIMEOUT_MS = 30_000;

// Runs in every document before the app's scripts (page.addInitScript): counts the page's pending short
// timers and every change the page makes. Strings, because this file is type-checked without the DOM library.
const INIT_SCRIPT = `(() => {
  const set = window.setTimeout.bind(window);
  const clear = window.clearTimeout.bind(window);
  const pending = new Set();
  const waiters = [];
  const state = { changes: 0, pending };
  const release = () => {
    if (pending.size === 0) for (const resolve of waiters.splice(0)) resolve();
  };
  window.setTimeout = function (handler, delay, ...args) {
    if (typeof handler !== 'function' || (Number(delay) || 0) > ${SHORT_TIMER_MS}) return set(handler, delay, ...args);
    const id = set(() => {
      pending.delete(id);
      state.changes++;
      try {
        handler(...args);
      } finally {
        release();
      }
    }, delay);
    pending.add(id);
    state.changes++;
    return id;
  };
  window.clearTimeout = function (id) {
    clear(id);
    if (pending.delete(id)) release();
  };
  state.timersDone = () => (pending.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve)));
  // Every resource the page loads is counted, however many (the buffer holds 250 by default).
  performance.setResourceTimingBufferSize(100000);
  new MutationObserver(() => {
    state.changes++;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  Object.defineProperty(window, '__pageSettled', { value: state });
})()`;

// True when nothing happened in the page between the waits and the end of the drain.
const QUIET_SCRIPT = `(async () => {
  const state = window.__pageSettled;
  if (!state) throw new Error('the page-settled script is not on this page (page.addInitScript before goto)');
  await document.fonts.ready;
  await state.timersDone();
  const images = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
  await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  const running = () =>
    document.getAnimations().filter((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  await Promise.all(running().map((a) => a.finished.catch(() => undefined)));
  const resources = () => performance.getEntriesByType('resource').length;
  const changes = state.changes;
  const loaded = resources();
  await new Promise((resolve) => requestIdleCallback(() => resolve()));
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  return state.changes === changes && resources() === loaded && state.pending.size === 0 && running().length === 0;
})()`;

const PENDING_TIMERS_SCRIPT = `window.__pageSettled ? window.__pageSettled.pending.size : -1`;

export type SettledPage = { settle: () => Promise<void> };

const isFavicon = (request: Request): boolean => /^\/favicon\.[a-z]+$/.test(new URL(request.url()).pathname);

/** Prepares `page` (before its next navigation) and returns `settle`, to call after each `goto`. */
export async function watchSettling(page: Page): Promise<SettledPage> {
  await page.addInitScript(INIT_SCRIPT);
  const inFlight = new Set<Request>();
  let started = 0;
  const onIdle: (() => void)[] = [];
  page.on('request', (request) => {
    // The tab's icon is fetched for the browser's own UI, and Chromium does not always report its end
    // (a CI run waited 30 s on /favicon.svg): Playwright's own networkidle ignores favicons for that
    // reason (microsoft/playwright#368, #533). It is not the page's work.
    if (isFavicon(request)) return;
    inFlight.add(request);
    started++;
  });
  const finished = (request: Request) => {
    inFlight.delete(request);
    if (inFlight.size === 0) for (const resolve of onIdle.splice(0)) resolve();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  const noRequests = () =>
    inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => onIdle.push(resolve));

  async function untilSettled(gaveUp: () => boolean): Promise<void> {
    while (!gaveUp()) {
      await noRequests();
      const before = started;
      const quiet = await page.evaluate<boolean>(QUIET_SCRIPT).catch((error: unknown) => {
        // A navigation of the page's own (a redirect) replaced the document: look again at the new one.
        if (error instanceof Error && /Execution context was destroyed/.test(error.message)) return false;
        throw error;
      });
      if (quiet && started === before && inFlight.size === 0) return;
    }
  }

  async function whatIsPending(): Promise<string> {
    const timers = await page.evaluate<number>(PENDING_TIMERS_SCRIPT).catch(() => -1);
    const requests = [...inFlight].map((request) => request.url()).join(', ') || 'none';
    return `requests in flight: ${requests}; short timers pending: ${timers}`;
  }

  return {
    settle: async () => {
      let gaveUp = false;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          gaveUp = true;
          void whatIsPending().then((pending) =>
            reject(new Error(`${page.url()} did not settle within ${SETTLE_TIMEOUT_MS / 1000} s: ${pending}`)),
          );
        }, SETTLE_TIMEOUT_MS);
      });
      try {
        await Promise.race([untilSettled(() => gaveUp), late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
