import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { runMigrations } from '../db/migrate.ts';
import { loadEnvOrExit } from '../env.ts';
import { createClock } from '../lib/platform/clock.ts';
import { ADMIN_USAGE, runAdminCommand, UsageError } from './admin-commands.ts';

// Entry point of `npm run admin -- ...` (see admin-commands.ts for the commands).
const env = loadEnvOrExit();
const args = process.argv.slice(2);
if (args.length === 0 || args[0] === '--help' || args[0] === 'help') {
  console.log(ADMIN_USAGE);
  process.exit(0);
}

let database;
try {
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR_ABS });
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nStop the server first, or point DATABASE_URL at PostgreSQL.`);
    process.exit(1);
  }
  throw error;
}
try {
  await runMigrations(database);
  console.log(await runAdminCommand(args, database.db, createClock().now()));
  process.exitCode = 0;
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${ADMIN_USAGE}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
