import closeWithGrace from 'close-with-grace';
import { loadEnvOrExit } from './env.ts';

// Starts the server: env → database (locked, migrated) → app → listen; graceful shutdown on signals.
// The app's modules (seconds of loading) come after the checks that can refuse to start, so a bad
// variable or a folder in use is reported at once.
const env = loadEnvOrExit();
const [{ openDatabase }, { DataDirLockedError }, { runMigrations }] = await Promise.all([
  import('./db/client.ts'),
  import('./db/data-dir-lock.ts'),
  import('./db/migrate.ts'),
]);

let database;
try {
  database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR_ABS,
    timeouts: { connectMs: env.DB_CONNECT_TIMEOUT_MS, statementMs: env.DB_STATEMENT_TIMEOUT_MS },
  });
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const db = database;
await runMigrations(db);

const { buildApp } = await import('./app.ts');
const app = await buildApp({ env, database: db, serveClient: true, clientDistDir: env.CLIENT_DIST_DIR });
app.addHook('onClose', async () => {
  await db.close();
});

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  await app.close();
});

const address = await app.listen({ host: env.HOST, port: env.PORT });
app.log.info(
  `Unbuilt is listening on ${address} (public URL ${env.PUBLIC_URL}; database: ${db.kind === 'pglite' ? `PGlite in ${env.DATA_DIR_ABS}` : 'PostgreSQL'})`,
);
