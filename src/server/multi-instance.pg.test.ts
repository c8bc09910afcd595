import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '#shared/app/time.constants.ts';
import {
  FREE_MONTHLY_EXPORTS,
  FREE_MONTHLY_SEARCHES,
  FREE_SEARCHES_PER_MINUTE,
} from '#shared/plans/plans.constants.ts';
import { SEARCH_STREAM_CONTENT_TYPE } from '#shared/searches/search.schemas.ts';
import { readTestVariable } from './env.ts';
import { AUTH_THROTTLES } from './features/auth/auth-throttle.service.ts';
import { msToNextWindowStart } from './test/clock-window.ts';
import { REFRESH_GRACE_MS } from './features/auth/refresh-token.service.ts';
import { SEARCH_RESERVATION_TTL_MS } from './features/searches/search-quota.service.ts';
import {
  call,
  enqueueJob,
  fixtureUser,
  outboxCount,
  setClocks,
  startInstanceCluster,
  type ClusterUser,
  type InstanceCluster,
} from './test/instance-cluster.ts';
import { registerOverHttp, type ServerProcess } from './test/server-process.ts';
import { scaled } from './test/timeouts.ts';

// Several API instances on one PostgreSQL behind a round-robin proxy (README "Running more than one
// instance"): what one instance decides, the others honour. PostgreSQL only, so the PGlite pass does
// not list *.pg.test.ts (vitest.config.ts); the PostgreSQL pass of CI runs it with two instances and
// `npm run soak -- --instances N` with N (2 or 3: more would spread a free user's per-minute searches
// too thin to reach the quota).

const adminUrl = inject('testDatabaseUrl');
if (!adminUrl) throw new Error('multi-instance.pg.test.ts runs on PostgreSQL only: set TEST_DATABASE_URL.');
const instances = Math.min(3, Math.max(2, Number(readTestVariable('MULTI_INSTANCES') ?? 2)));

/** 'stored' (an analysis), 'upgrade' (the quota is spent: 200 with no search) or the status. */
type Outcome = string;
const QUERY = 'bookkeeping for restaurants';

describe(`${instances} API instances on one PostgreSQL`, () => {
  let cluster: InstanceCluster;
  let servers: ServerProcess[];
  beforeAll(async () => {
    // Started together on an empty database: they race to migrate and to create the job queue.
    cluster = await startInstanceCluster(adminUrl, instances);
    servers = cluster.servers;
  }, scaled(180_000));
  afterAll(() => cluster?.close());

  const me = (base: string, token: string) => call(cluster, base, 'GET', '/api/auth/user', { token });
  const search = (base: string, user: { token: string }) =>
    call(cluster, base, 'POST', '/api/search', { token: user.token, body: { query: QUERY } }).then(async (res) => {
      const body = (await res.json()) as { data?: { search?: { id: number }; upgradeRequired?: boolean } };
      const outcome: Outcome =
        res.status === 200 && body.data?.search
          ? 'stored'
          : res.status === 200 && body.data?.upgradeRequired
            ? 'upgrade'
            : String(res.status);
      return { outcome, id: body.data?.search?.id };
    });
  const usage = async (base: string, user: { token: string }) =>
    ((await (await call(cluster, base, 'GET', '/api/user/usage', user)).json()) as { data: { searchesUsed: number } })
      .data.searchesUsed;

  it('all come up on PostgreSQL when started at the same moment on an empty database', async () => {
    for (const server of servers) {
      const health = await call(cluster, server.url, 'GET', '/api/health');
      expect(health.status).toBe(200);
      const body = (await health.json()) as { data: { database: { kind: string } } };
      expect(body.data.database.kind).toBe('postgres');
    }
  });

  it(
    'gives a free user exactly the monthly searches, whichever instance answers, and every instance reports the same use',
    async () => {
      // Registered over HTTP: the confirmation link is read from the outbox the instances share.
      const { accessToken: token } = await registerOverHttp(cluster.proxy.url, {
        email: `multi-${Math.random().toString(36).slice(2, 10)}@example.test`,
        password: 'Violet-Harbour-Lantern-42',
        name: 'Multi Instance',
        origin: cluster.proxy.url,
      });
      // Rounds of one search on each instance at once, within the per-minute limit; with three
      // instances some meet the in-flight cap (429) and the later rounds still reach the quota.
      const outcomes: Outcome[] = [];
      for (let round = 0; round < Math.floor(FREE_SEARCHES_PER_MINUTE / instances); round++) {
        const answers = await Promise.all(servers.map((server) => search(server.url, { token })));
        outcomes.push(...answers.map((a) => a.outcome));
      }
      expect(outcomes.filter((o) => o === 'stored')).toHaveLength(FREE_MONTHLY_SEARCHES);
      expect(outcomes.filter((o) => o !== 'stored' && o !== 'upgrade' && o !== '429')).toEqual([]);
      for (const server of servers) expect(await usage(server.url, { token })).toBe(FREE_MONTHLY_SEARCHES);
    },
    scaled(120_000),
  );

  it(
    'holds a free user to the monthly exports across instances, and a bundle signed on one verifies on another',
    async () => {
      const user = await fixtureUser(cluster);
      const { id } = await search(servers[0]!.url, user);
      const attempts = 6 * instances;
      const answers = await Promise.all(
        Array.from({ length: attempts }, (_, i) =>
          call(cluster, servers[i % instances]!.url, 'GET', `/api/exports/searches/${id}/bundle`, user).then(
            async (res) => ({ status: res.status, body: await res.text(), made: i % instances }),
          ),
        ),
      );
      const made = answers.filter((a) => a.status === 200);
      expect(made).toHaveLength(FREE_MONTHLY_EXPORTS);
      expect(answers.filter((a) => a.status === 402)).toHaveLength(attempts - FREE_MONTHLY_EXPORTS);
      for (const server of servers) {
        const res = await call(cluster, server.url, 'GET', '/api/exports/usage', user);
        expect(((await res.json()) as { data: unknown }).data).toEqual({
          used: FREE_MONTHLY_EXPORTS,
          limit: FREE_MONTHLY_EXPORTS,
        });
      }
      // The bundle secret is shared (BUNDLE_SECRET, or the generated one kept in the database).
      const bundle = made[0]!;
      const other = servers[(bundle.made + 1) % instances]!;
      const imported = await call(cluster, other.url, 'POST', '/api/exports/bundles', {
        token: user.token,
        body: JSON.parse(bundle.body) as unknown,
      });
      expect(imported.status).toBe(201);
      expect(((await imported.json()) as { data: { verified: boolean } }).data.verified).toBe(true);
    },
    scaled(60_000),
  );

  it('ends a session on every instance when it is signed out on one (each had it cached)', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const { token, cookie } = await fixtureUser(cluster);
    for (const server of [a, b, a, b]) expect((await me(server.url, token)).status).toBe(200);
    expect((await call(cluster, a.url, 'POST', '/api/auth/logout', { cookie })).status).toBe(200);
    await expect.poll(async () => (await me(b.url, token)).status, { timeout: 3_000, interval: 20 }).toBe(401);
    expect((await me(a.url, token)).status).toBe(401);
  });

  it('detects a refresh token used on one instance and replayed on another', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const { token, cookie } = await fixtureUser(cluster);
    const refresh = (server: ServerProcess) => call(cluster, server.url, 'POST', '/api/auth/refresh', { cookie });
    expect((await refresh(a)).status).toBe(200);
    // Past the grace window for a racing tab: the replay is a stolen copy.
    await setClocks(cluster, servers, { advanceMs: REFRESH_GRACE_MS + 1_000 });
    try {
      expect((await refresh(b)).status).toBe(401);
      // The whole family is revoked: the access token of that sign-in stops working everywhere.
      await expect.poll(async () => (await me(a.url, token)).status, { timeout: 3_000, interval: 20 }).toBe(401);
    } finally {
      await setClocks(cluster, servers, { reset: true });
    }
  });

  it('counts a rate limit once across instances', async () => {
    const { limit, windowMs } = AUTH_THROTTLES.passwordResetRequest;
    const before = cluster.proxy.served();
    const statuses: number[] = [];
    // Every instance's clock at the start of a window, so the burst is counted in one window.
    await setClocks(cluster, servers, { advanceMs: msToNextWindowStart(windowMs) });
    try {
      for (let i = 0; i < limit + 4; i++) {
        const res = await call(cluster, cluster.proxy.url, 'POST', '/api/auth/password/forgot', {
          body: { email: `nobody-${i}@example.test` },
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    } finally {
      await setClocks(cluster, servers, { reset: true });
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    expect(statuses.slice(0, limit).every((s) => s === 202)).toBe(true);
    // Every instance answered some of them, yet the limit held for all of them together.
    const after = cluster.proxy.served();
    for (const server of servers)
      expect((after.get(server.port) ?? 0) - (before.get(server.port) ?? 0)).toBeGreaterThanOrEqual(
        Math.floor((limit + 4) / instances),
      );
  });

  async function addNotifications(user: ClusterUser, summaries: string[], createdAt: Date): Promise<void> {
    for (const summary of summaries)
      await cluster.sql.query(
        `insert into notifications (user_id, kind, summary, created_at) values ($1, 'team_join', $2, $3)`,
        [user.id, summary, createdAt],
      );
  }
  /** The runs of a job pg-boss holds (created, active, completed…), oldest first. */
  async function runsOf(name: string): Promise<{ id: string; state: string; createdOn: Date }[]> {
    const { rows } = await cluster.sql.query<{ id: string; state: string; created_on: Date }>(
      'select id, state, created_on from pgboss.job where name = $1 order by created_on',
      [name],
    );
    return rows.map((r) => ({ id: r.id, state: r.state, createdOn: r.created_on }));
  }

  it('mails a weekly digest once when every instance runs the digest job at the same moment', async () => {
    const user = await fixtureUser(cluster); // weekly digests, as by default
    await addNotifications(
      user,
      ['Ada joined Alpha', 'Ben joined Beta', 'Cy joined Gamma'],
      new Date(Date.now() - 8 * DAY_MS),
    );
    const ids = await Promise.all(
      [...servers, ...servers].map((server) => enqueueJob(cluster, server, 'notifications.digest-mail')),
    );
    await expect
      .poll(
        async () => (await runsOf('notifications.digest-mail')).filter((r) => ids.includes(r.id)).map((r) => r.state),
        {
          timeout: scaled(30_000),
          interval: 200,
        },
      )
      .toEqual(ids.map(() => 'completed'));
    expect(await outboxCount(cluster, user.email)).toBe(1);
    const { rows } = await cluster.sql.query<{ email_status: string; email_batch: string }>(
      'select email_status, email_batch from notifications where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual(Array.from({ length: 3 }, () => ({ email_status: 'sent', email_batch: 'weekly' })));
  });

  it(
    'runs a recurring job once a minute with every instance scheduling it, and mails its notification once',
    async () => {
      const user = await fixtureUser(cluster);
      const patch = await call(cluster, cluster.proxy.url, 'PATCH', '/api/account/preferences', {
        token: user.token,
        body: { notificationPreferences: { frequency: 'immediate' } },
      });
      expect(patch.status).toBe(200);
      await addNotifications(user, ['Dee joined Delta'], new Date());
      // notifications.immediate-mail is scheduled every minute ('* * * * *'), and every instance's
      // scheduler runs; watch two periods' runs (the first comes within a minute or so of the start).
      const name = 'notifications.immediate-mail';
      await expect.poll(() => outboxCount(cluster, user.email), { timeout: scaled(150_000), interval: 1_000 }).toBe(1);
      await expect
        .poll(async () => (await runsOf(name)).length, { timeout: scaled(150_000), interval: 1_000 })
        .toBeGreaterThanOrEqual(2);
      // A second copy of a run, had another instance started one too, would be there within seconds.
      await setTimeout(5_000);
      const runs = await runsOf(name);
      // Minutes begun since the instances started, counting the first: at most one run in each, and
      // runs of consecutive periods are half a minute apart or more (the scheduler checks every 30 s).
      const minutes = Math.floor(Date.now() / MINUTE_MS) - Math.floor(cluster.startedAt.getTime() / MINUTE_MS) + 1;
      expect(runs.length).toBeLessThanOrEqual(minutes);
      const gaps = runs.slice(1).map((run, i) => run.createdOn.getTime() - runs[i]!.createdOn.getTime());
      expect(Math.min(...gaps)).toBeGreaterThan(15_000);
      expect(runs.slice(0, -1).every((r) => r.state === 'completed')).toBe(true);
      // Mailed once, though later runs came (overlapping runs: the digest test above).
      expect(await outboxCount(cluster, user.email)).toBe(1);
    },
    scaled(330_000),
  );

  it(
    'loses nothing when an instance is killed mid-search: stored analyses keep their results, held units come back',
    async () => {
      const [victim, ...rest] = servers as [ServerProcess, ...ServerProcess[]];
      const people = await Promise.all([1, 2, 3].map(() => fixtureUser(cluster, 'pro')));
      // Two streamed searches each (the in-flight cap) on one instance with one engine worker: one
      // runs, the others wait in its queue, all holding their reservation, when it is killed.
      const streams = await Promise.all(
        [...people, ...people].map(async (person) => {
          const res = await call(cluster, victim.url, 'POST', '/api/search', {
            token: person.token,
            body: { query: QUERY },
            accept: SEARCH_STREAM_CONTENT_TYPE,
          });
          expect(res.status).toBe(200);
          const reader = res.body!.getReader();
          const decoder = new TextDecoder();
          let text = '';
          while (!text.includes('\n')) {
            const { done, value } = await reader.read();
            if (done) break;
            text += decoder.decode(value, { stream: true });
          }
          return { reader, decoder, text };
        }),
      );
      victim.child.kill('SIGKILL');
      await victim.exited;
      cluster.proxy.setTargets(rest.map((server) => server.port));
      const finished = await Promise.all(
        streams.map(async (stream) => {
          try {
            for (let next = await stream.reader.read(); !next.done; next = await stream.reader.read())
              stream.text += stream.decoder.decode(next.value, { stream: true });
          } catch {
            // the connection died with the instance
          }
          return stream.text.includes('"type":"done"');
        }),
      );
      expect(finished.filter((done) => !done).length).toBeGreaterThan(0);

      const ids = people.map((p) => p.id);
      const ledger = async () =>
        (
          await cluster.sql.query<{ id: number; used: number; stored: number; held: number; orphans: number }>(
            `select u.id, u.search_count as used,
             (select count(*)::int from searches s where s.user_id = u.id and s.status = 'ok' and s.results_count > 0) as stored,
             (select count(*)::int from search_reservations r where r.user_id = u.id) as held,
             (select count(*)::int from searches s where s.user_id = u.id and s.results_count > 0
                and not exists (select 1 from search_results r where r.search_id = s.id)) as orphans
           from users u where u.id = any($1) order by u.id`,
            [ids],
          )
        ).rows;
      const killed = await ledger();
      // No analysis half-stored; every unit counted is a stored analysis or a reservation the dead instance held.
      expect(killed.map((r) => r.orphans)).toEqual([0, 0, 0]);
      expect(killed.map((r) => r.used)).toEqual(killed.map((r) => r.stored + r.held));
      expect(killed.reduce((n, r) => n + r.held, 0)).toBeGreaterThan(0);

      // When the reservations expire, the job (on any instance left) gives their units back.
      await setClocks(cluster, rest, { advanceMs: SEARCH_RESERVATION_TTL_MS + MINUTE_MS });
      try {
        await enqueueJob(cluster, rest[0]!, 'searches.expire-reservations');
        await expect
          .poll(async () => (await ledger()).reduce((n, r) => n + r.held, 0), {
            timeout: scaled(30_000),
            interval: 200,
          })
          .toBe(0);
      } finally {
        await setClocks(cluster, rest, { reset: true });
      }
      const settled = await ledger();
      expect(settled.map((r) => r.used)).toEqual(settled.map((r) => r.stored));
      // The instances left serve on: a search through the proxy is stored and counted.
      const person = people[0]!;
      const after = await search(cluster.proxy.url, person);
      expect(after.outcome).toBe('stored');
      expect(await usage(cluster.proxy.url, person)).toBe(settled.find((r) => r.id === person.id)!.stored + 1);
    },
    scaled(120_000),
  );
});
