import { flagNameSchema, flagUpdateSchema, type FlagUpdate } from '#shared/flags/flags.schemas.ts';
import type { Database } from '../db/client.ts';
import { listFlags, setAdminRole, upsertFlag } from '../features/flags/flags.service.ts';

// `npm run admin -- <command>`: the operator's way to grant admin rights and manage feature flags.
// Parsing and effects live here (tested against a real database); admin.ts only opens the database.

export const ADMIN_USAGE = `Usage: npm run admin -- <command>
  grant-admin <email>        give a user the admin role
  revoke-admin <email>       take the admin role away
  flags list                 list every feature flag
  flags set <name> [--enabled true|false] [--rollout 0-100] [--tiers free,pro,enterprise]
                   [--users 12,34] [--description "text"]
                             create a flag (off, 0 % rollout) or change the options given`;

export class UsageError extends Error {}

function parseOptions(args: string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) throw new UsageError(`Unexpected argument "${arg}".`);
    const [key, inline] = arg.slice(2).split(/=(.*)/s, 2);
    const value = inline ?? args[i + 1];
    if (!key || value === undefined) throw new UsageError(`Option --${key ?? ''} needs a value.`);
    if (inline === undefined) i += 1;
    options[key] = value;
  }
  return options;
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

function flagUpdateFrom(options: Record<string, string>): FlagUpdate {
  const known = new Set(['enabled', 'rollout', 'tiers', 'users', 'description']);
  const unknown = Object.keys(options).find((k) => !known.has(k));
  if (unknown) throw new UsageError(`Unknown option --${unknown}.`);
  const raw: Record<string, unknown> = {};
  if (options.enabled !== undefined) {
    if (options.enabled !== 'true' && options.enabled !== 'false')
      throw new UsageError('--enabled takes true or false.');
    raw.enabled = options.enabled === 'true';
  }
  if (options.rollout !== undefined) raw.rolloutPercentage = Number(options.rollout.replace(/%$/, ''));
  if (options.tiers !== undefined) raw.allowedTiers = list(options.tiers);
  if (options.users !== undefined) raw.allowedUserIds = list(options.users).map(Number);
  if (options.description !== undefined) raw.description = options.description;
  const parsed = flagUpdateSchema.safeParse(raw);
  if (!parsed.success)
    throw new UsageError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}

/** Runs one command and returns what to print. Throws UsageError for bad input. */
export async function runAdminCommand(args: string[], db: Database, now: Date): Promise<string> {
  const [command, ...rest] = args;
  if (command === 'grant-admin' || command === 'revoke-admin') {
    const [email] = rest;
    if (!email || rest.length !== 1) throw new UsageError(`${command} takes one e-mail address.`);
    const isAdmin = command === 'grant-admin';
    const found = await setAdminRole({ db, email, isAdmin, now });
    if (!found) throw new UsageError(`No user has the e-mail ${email}.`);
    return isAdmin ? `${email} is now an admin.` : `${email} is no longer an admin.`;
  }
  if (command === 'flags' && rest[0] === 'list') {
    const flags = await listFlags(db);
    if (flags.length === 0) return 'No feature flags yet.';
    return flags
      .map(
        (f) =>
          `${f.name}: ${f.enabled ? 'enabled' : 'disabled'}, rollout ${f.rolloutPercentage}%, tiers [${f.allowedTiers.join(', ')}], users [${f.allowedUserIds.join(', ')}]${f.description ? ` — ${f.description}` : ''}`,
      )
      .join('\n');
  }
  if (command === 'flags' && rest[0] === 'set') {
    const name = flagNameSchema.safeParse(rest[1]);
    if (!name.success) throw new UsageError(`Flag name: ${name.error.issues[0]?.message ?? 'invalid'}.`);
    const flag = await upsertFlag({ db, name: name.data, update: flagUpdateFrom(parseOptions(rest.slice(2))), now });
    return `${flag.name}: ${flag.enabled ? 'enabled' : 'disabled'}, rollout ${flag.rolloutPercentage}%, tiers [${flag.allowedTiers.join(', ')}], users [${flag.allowedUserIds.join(', ')}]`;
  }
  throw new UsageError(
    command ? `Unknown command "${[command, ...rest.slice(0, 1)].join(' ')}".` : 'No command given.',
  );
}
