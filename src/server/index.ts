import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { runMigrations } from './db/migrate.ts';
import { loadEnvOrExit } from './env.ts';

// Starts the server: env → database (locked, migrated) → app → listen; graceful shutdown on signals.
const env = loadEnvOrExit();

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
