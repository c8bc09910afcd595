import { APP_LOADED_EVENT, PRERENDERED_ATTRIBUTE } from './app/app-handoff.ts';
import { startApp } from './app/start-app.tsx';

// The app's entry (index.html: every page but /). On / the page is HTML rendered at build time; its own small
// script (landing/landing-entry.ts) imports this module when the app is needed, and starts it itself.
const root = document.getElementById('root');
if (root?.hasAttribute(PRERENDERED_ATTRIBUTE))
  root.dispatchEvent(new CustomEvent(APP_LOADED_EVENT, { detail: startApp }));
else void startApp();
