import { register } from 'tsx/esm/api';
import { ensureClientBuild } from './client-build.mjs';

// `npm start`: build the client if needed, then run the server in this process (signals reach it
// directly, so SIGTERM finishes in-flight requests and closes the database).
process.env.NODE_ENV ??= 'production';
ensureClientBuild();
register();
await import('../src/server/index.ts');
