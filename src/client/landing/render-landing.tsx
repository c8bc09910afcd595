import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoot } from '#client/app/app-root.tsx';
import { LANDING_META } from '#client/app/routes/landing-page.tsx';
import { documentTitle } from '#client/lib/page-meta.ts';

// Run by the build in Node (scripts/prerender-landing.ts), never in the browser: the app at / for a signed-out
// visitor with no stored choices (theme dark, nothing remembered), rendered to HTML. It is the very tree the
// browser hydrates (app/app-root.tsx), with a static router at / in place of the browser's.

function RouterAtRoot({ children }: { children: ReactNode }) {
  return <StaticRouter location="/">{children}</StaticRouter>;
}

export function renderLanding(): { html: string; title: string; description: string } {
  return {
    html: renderToString(<AppRoot Router={RouterAtRoot} />),
    title: documentTitle(LANDING_META.title),
    description: LANDING_META.description,
  };
}
