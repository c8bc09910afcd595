// The PGlite worker's entry: like the engine's (src/server/engine/pool/engine-worker.mjs), a worker
// thread does not inherit the parent's TypeScript loader, so tsx is registered here.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
