import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { UNCHANGED_RUN_LINE, type WatchDiff } from '#shared/watches/watches.schemas.ts';
import { searches, watchRuns, watches } from '../../db/schema/index.ts';
import type { TestUser } from '../../test/factories.ts';
import { pdfPages } from '../../test/pdf-text.ts';
import { castTeam, type TeamCast } from '../../test/team-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// "What changed" beyond the analysis page (issue 33): the public share link, the team-shared view and
// the PDF report carry a watched analysis's latest re-run — its diff, or the one line that says nothing
// changed — and nothing at all when the analysis is not watched or has only its baseline.

const DIFF: WatchDiff = {
  entered: [{ name: 'Cranston AI', batch: 'Fall 2025', status: 'Active' }],
  left: [],
  statusChanges: [{ name: 'Atrium', from: 'Active', to: 'Inactive' }],
  appeared: [],
  vanished: [{ title: 'Billing for solo lawyers' }],
  scoreMoves: [
    {
      opportunity: 'Intake for small law firms',
      score: 'Opportunity',
      from: 62,
      to: 48,
      factor: { label: 'Competition', from: 20, to: 40, explanation: '2 new active companies' },
    },
  ],
  statusChange: null,
};
const EMPTY_DIFF: WatchDiff = {
  entered: [],
  left: [],
  statusChanges: [],
  appeared: [],
  vanished: [],
  scoreMoves: [],
  statusChange: null,
};

let t: TestApp;
let cast: TeamCast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await castTeam(t);
});
afterAll(async () => {
  await t.close();
});

function call(user: TestUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
}

/** An analysis of the team's owner, shared with the team and by a public link. */
async function sharedAnalysis(): Promise<{ searchId: number; token: string }> {
  const owner = cast.users.owner;
  const [row] = await t.db.db
    .insert(searches)
    .values({
      userId: owner.user.id,
      query: 'software for law firms',
      filters: defaultFilters(),
      status: 'ok',
      engine: 'offline',
      composerMode: 'offline',
      corpusVersion: 'full-old',
      corpusKind: 'full',
      rubricVersion: 'test',
      facets: { offering: [], segment: [], keywords: [] },
    })
    .returning({ id: searches.id });
  const searchId = row!.id;
  const team = await call(owner, 'POST', `/api/searches/${searchId}/team-shares`, { teamId: cast.teamId });
  expect(team.statusCode, team.body).toBe(201);
  const link = await call(owner, 'POST', `/api/searches/${searchId}/share-links`, { expiresIn: 'never' });
  expect(link.statusCode, link.body).toBe(201);
  return { searchId, token: link.json<{ data: { token: string } }>().data.token };
}

async function watch(searchId: number): Promise<number> {
  const res = await call(cast.users.owner, 'POST', `/api/searches/${searchId}/watch`);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.db.db.select().from(watches).where(eq(watches.searchId, searchId));
  return row!.id;
}

async function rerun(watchId: number, corpusVersion: string, diff: WatchDiff, changes: number, ranAt: string) {
  await t.db.db.insert(watchRuns).values({
    watchId,
    corpusVersion,
    kind: 'rerun',
    ranAt: new Date(ranAt),
    snapshot: { status: 'ok', opportunities: [], companies: [] },
    diff,
    changes,
  });
}

/** What the three views show: the public link's and the team view's whatChanged, and the PDF's text. */
async function views(searchId: number, token: string) {
  const pub = await t.app.inject({ method: 'GET', url: `/api/share/${token}` });
  expect(pub.statusCode, pub.body).toBe(200);
  const team = await call(cast.users.member, 'GET', `/api/shared/analyses/${searchId}`);
  expect(team.statusCode, team.body).toBe(200);
  const pdf = await call(cast.users.owner, 'GET', `/api/exports/searches/${searchId}/pdf`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  return {
    pub: pub.json<{ data: { whatChanged: unknown } }>().data.whatChanged,
    team: team.json<{ data: { whatChanged: unknown } }>().data.whatChanged,
    pdf: (await pdfPages(pdf.rawPayload)).join('\n'),
  };
}

describe('"What changed" in the share views and the PDF', () => {
  it('shows nothing for an analysis that is not watched, or watched without a re-run yet', async () => {
    const { searchId, token } = await sharedAnalysis();
    const unwatched = await views(searchId, token);
    expect(unwatched.pub).toBeNull();
    expect(unwatched.team).toBeNull();
    expect(unwatched.pdf).not.toContain('What changed');

    await watch(searchId);
    const baselineOnly = await views(searchId, token);
    expect(baselineOnly.pub).toBeNull();
    expect(baselineOnly.team).toBeNull();
    expect(baselineOnly.pdf).not.toContain('What changed');
  });

  it('shows the latest re-run’s diff in the analysis page’s words, and an unchanged run in one line', async () => {
    const { searchId, token } = await sharedAnalysis();
    const watchId = await watch(searchId);
    await rerun(watchId, 'full-new', DIFF, 4, '2026-11-20T10:00:00.000Z');

    const changed = await views(searchId, token);
    const expected = {
      kind: 'rerun',
      corpusVersion: 'full-new',
      changes: 4,
      diff: DIFF,
      ranAt: '2026-11-20T10:00:00.000Z',
    };
    expect(changed.pub).toMatchObject(expected);
    expect(changed.team).toMatchObject(expected);
    const text = changed.pdf.replace(/\s+/g, ' ');
    expect(text).toContain('What changed');
    expect(text).toContain('Re-run of 2026-11-20 on corpus full-new.');
    expect(text).toContain('Entered the market • Cranston AI (Fall 2025), Active');
    expect(text).toContain('Status changes • Atrium: Active → Inactive');
    expect(text).toContain('Opportunities that vanished • Billing for solo lawyers');
    expect(text).toContain('Intake for small law firms: Opportunity 62 → 48, moved most by Competition: 20 → 40');
    // The factor's rubric formula is the breakdown's, never the sentence's.
    expect(text).not.toContain('2 new active companies');
    expect(text).not.toContain(UNCHANGED_RUN_LINE);

    // A newer run that found nothing is the latest: one line, none of the older run's lists.
    await rerun(watchId, 'full-newer', EMPTY_DIFF, 0, '2026-11-25T10:00:00.000Z');
    const unchanged = await views(searchId, token);
    expect(unchanged.pub).toMatchObject({ corpusVersion: 'full-newer', changes: 0 });
    expect(unchanged.team).toMatchObject({ corpusVersion: 'full-newer', changes: 0 });
    const one = unchanged.pdf.replace(/\s+/g, ' ');
    expect(one).toContain(`Re-run of 2026-11-25 on corpus full-newer. ${UNCHANGED_RUN_LINE}`);
    expect(one).not.toContain('Cranston AI');
    expect(one).not.toContain('Entered the market');
  });
});
