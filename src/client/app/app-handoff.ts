// What the pre-rendered landing page (landing/landing-entry.ts, its own build) and the app (main.tsx) share on
// the page: constants and types only, so the landing script stays free of React (ADR 041).

/** The attribute the build puts on #root in landing.html; theme-init.js hides it for a remembered user. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * On the pre-rendered landing page the app's entry (main.tsx), once imported, hands `startApp` to the
 * landing script with this event on #root instead of starting itself: the app is the other build's entry
 * there (scripts/prerender-landing.ts), so the two meet on the page, not through an import.
 */
export const APP_LOADED_EVENT = 'unbuilt:app-loaded';

export type StartOptions = {
  /** Hydrate the pre-rendered landing page (dist/client/landing.html) instead of rendering from scratch. */
  hydrate?: boolean;
  /** The start-up refresh the landing page already sent: the app takes its answer (never sends it again). */
  refresh?: Promise<string | null>;
};

/** app/start-app.tsx: starts the app in #root; resolves once its first render is on the page. */
export type StartApp = (options?: StartOptions) => Promise<void>;
export type AppLoadedEvent = CustomEvent<StartApp>;
