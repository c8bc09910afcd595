// An engine worker's entry: the engine is TypeScript, and a worker thread does not inherit the
// parent's loader (tsx under `npm start` and `npm run dev`, vite under vitest). Registering tsx here,
// as scripts/start.mjs does for the server, lets the same file start under node, tsx and vitest.
import { register } from 'tsx/esm/api';

register();
await import('./engine-worker.ts');
