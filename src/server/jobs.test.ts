import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

// Every durable job, and the one place each is registered from: its feature's <feature>.feature.ts,
// or features.ts for the platform's maintenance jobs (ADR 032). A new job is added to this list.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SERVER = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('registered jobs', () => {
  it('are these, registered once each when the app is built', () => {
    expect(t.app.deps.jobs.registeredNames()).toEqual([
      'maintenance.prune-rate-limits',
      'maintenance.purge-expired-tokens',
      'maintenance.purge-audit-logs',
      'maintenance.purge-finished-jobs',
      'auth.password-reset-mail',
      'auth.registration-mail',
      'auth.purge-pending-registrations',
      'admin.password-expiry',
      'searches.expire-reservations',
      'teams.invitation-mail',
      'teams.purge-invitations',
      'notifications.immediate-mail',
      'notifications.digest-mail',
      'notifications.purge-old',
      'action-plans.daily-snapshots',
      'analytics.purge-old-events',
      'resources.contribution-reviewed',
      'resources.aggregate-analytics',
      'watches.rerun',
    ]);
  });

  it('are registered only by the features’ entry points and the maintenance module, never a route plugin', () => {
    const registering = sourceFiles(SERVER)
      .filter((file) => /\b(jobs|queue)\.register\(/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SERVER, file))
      .sort();
    expect(registering.length).toBeGreaterThan(0);
    expect(
      registering.filter((file) => !file.endsWith('.feature.ts') && file !== 'lib/jobs/maintenance.jobs.ts'),
    ).toEqual([]);
  });
});
