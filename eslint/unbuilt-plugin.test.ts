import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import unbuilt from './unbuilt-plugin.js';

// The house rules' lint checks, on code placed at real paths of the tree.

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (relative: string) => path.resolve(import.meta.dirname, '..', relative);

tester.run('feature-boundaries', unbuilt.rules['feature-boundaries'], {
  valid: [
    { filename: at('src/client/features/billing/api/x.ts'), code: "import { a } from './y.ts';" },
    { filename: at('src/client/features/billing/api/x.ts'), code: "import { a } from '#client/lib/auth-store.ts';" },
    {
      filename: at('src/client/app/routes/home-page.tsx'),
      code: "import { a } from '#client/features/searches/x.ts';",
    },
    { filename: at('src/server/features/projects/x.ts'), code: "import { a } from '../../lib/access/policy.ts';" },
  ],
  invalid: [
    {
      filename: at('src/client/features/billing/api/x.ts'),
      code: "import { useAuthStore } from '#client/features/auth/stores/auth-store.ts';",
      errors: 1,
    },
    {
      filename: at('src/server/features/account/account.routes.ts'),
      code: "import { writeAudit } from '../auth/security-audit.service.ts';",
      errors: 1,
    },
    {
      filename: at('src/server/features/projects/projects.service.ts'),
      code: "export { ownSearch } from '../searches/searches.service.ts';",
      errors: 1,
    },
  ],
});

tester.run('no-test-code-in-production', unbuilt.rules['no-test-code-in-production'], {
  valid: [
    { filename: at('src/server/features/auth/x.test.ts'), code: "import { a } from '../../test/auth-helpers.ts';" },
    { filename: at('src/server/test/factories.ts'), code: "import { a } from './test-app.ts';" },
    { filename: at('src/server/features/auth/auth.routes.ts'), code: "import { a } from './auth.jobs.ts';" },
  ],
  invalid: [
    {
      filename: at('src/server/features/searches/search-engine.provider.ts'),
      code: "import { createFakeEngine } from '../../test/fake-engine.ts';",
      errors: 1,
    },
    {
      filename: at('src/server/engine/llm/compose-llm.ts'),
      code: "import { composition } from '../test/test-model.ts';",
      errors: 1,
    },
    {
      filename: at('src/server/features/billing/billing.service.ts'),
      code: "import { WEBHOOK_SECRET } from './stripe-webhook.fixtures.ts';",
      errors: 1,
    },
  ],
});

tester.run('one-plan-check', unbuilt.rules['one-plan-check'], {
  valid: [
    {
      filename: at('src/server/lib/http/plan-guard.ts'),
      code: "import { planIncludes } from '#shared/plans/plan-features.ts';",
    },
    { filename: at('src/server/lib/http/plan-guard.ts'), code: "throw new AppError('PLAN_REQUIRED', 'x');" },
    {
      filename: at('src/server/features/exports/exports.service.ts'),
      code: "import { assertPlan } from '../../lib/http/plan-guard.ts'; assertPlan(user, now, 'csvExport');",
    },
    { filename: at('src/server/features/teams/x.test.ts'), code: "expect(body.code).toBe('PLAN_REQUIRED');" },
    {
      filename: at('src/client/features/billing/x.ts'),
      code: "import { planIncludes } from '#shared/plans/plan-features.ts';",
    },
  ],
  invalid: [
    {
      filename: at('src/server/features/exports/exports.service.ts'),
      code: "import { cheapestPlanWith, planIncludes } from '#shared/plans/plan-features.ts';",
      errors: 1,
    },
    {
      filename: at('src/server/features/action-plans/plan-write.service.ts'),
      code: "if (!canPlan) throw new AppError('PLAN_REQUIRED', 'Upgrade');",
      errors: 1,
    },
  ],
});

const good = (file: string, code: string) => ({ filename: at(file), code });
const bad = (file: string, code: string) => ({ filename: at(file), code, errors: 1 });

tester.run('csv-through-lib', unbuilt.rules['csv-through-lib'], {
  valid: [
    good('src/server/lib/platform/csv.ts', "export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';"),
    good('src/server/features/exports/exports.test.ts', "expect(type).toBe('text/csv; charset=utf-8');"),
    good('src/server/features/analytics/x.ts', "const file = csvFile('a.csv', ['a'], rows);"),
  ],
  invalid: [
    bad('src/server/features/analytics/analytics.routes.ts', "reply.type('text/csv; charset=utf-8');"),
    bad('src/client/features/analytics/api/x.ts', "new Blob([text], { type: 'text/csv' });"),
    bad('src/server/features/action-plans/plan-export.render.ts', 'const csv = `\uFEFF${lines}`;'),
  ],
});

const typed = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { projectService: { allowDefaultProject: ['*.ts'] }, tsconfigRootDir: at('.') },
  },
});

tester.run(
  'no-record-lookup-by-string (without type information it stays quiet)',
  unbuilt.rules['no-record-lookup-by-string'],
  {
    valid: [{ code: 'const t: Record<string, number> = {}; const k = String(1); t[k];' }],
    invalid: [],
  },
);

typed.run('no-record-lookup-by-string', unbuilt.rules['no-record-lookup-by-string'], {
  valid: [
    { filename: at('lint-case.ts'), code: "const t: Record<string, number> = { a: 1 }; export const v = t['a'];" },
    {
      filename: at('lint-case.ts'),
      code: "type K = 'a' | 'b'; const t: Record<K, number> = { a: 1, b: 2 }; export const f = (k: K) => t[k];",
    },
    { filename: at('lint-case.ts'), code: 'export const f = (xs: string[], i: number) => xs[i];' },
    {
      filename: at('lint-case.ts'),
      code: 'export const f = (t: Record<string, number>, k: string) => { t[k] = 1; };',
    },
    {
      filename: at('lint-case.ts'),
      code: 'export const f = (t: Record<string, number>, k: string) => (Object.hasOwn(t, k) ? t[k] : undefined);',
    },
    { filename: at('lint-case.ts'), code: 'export const f = (m: Map<string, number>, k: string) => m.get(k);' },
  ],
  invalid: [
    {
      filename: at('lint-case.ts'),
      code: 'const TABLE: Record<string, string[]> = {}; export const f = (word: string) => TABLE[word] ?? [];',
      errors: 1,
    },
    {
      filename: at('lint-case.ts'),
      code: 'export const f = (t: { [k: string]: number }, k: string) => { t[k] ??= 1; };',
      errors: 1,
    },
  ],
});

tester.run('no-conditional-expect', unbuilt.rules['no-conditional-expect'], {
  valid: [
    good('src/server/x.test.ts', "it('a', () => { expect(x).toBeDefined(); expect(x.y).toBe(1); });"),
    good('src/server/x.test.ts', "it('a', () => { if (a) expect(b).toBe(1); else expect(c).toBe(2); });"),
    good('src/server/x.test.ts', "it('a', () => { for (const r of rows) expect(r).toBeTruthy(); });"),
    good('src/server/x.test.ts', "it('a', () => { if (!ok) throw new Error('setup'); expect(ok).toBe(true); });"),
  ],
  invalid: [
    bad('src/server/x.test.ts', "it('a', () => { if (competitor) expect(titles).toContain(competitor); });"),
    bad('src/server/x.test.ts', "it('a', () => { if (x) { expect(y).toBe(1); } });"),
    bad('src/server/x.test.ts', "it('a', () => { done && expect(done.value).toBe(1); });"),
    bad('e2e/x.e2e.test.ts', "it('a', async () => { if (await seen()) expect.soft(v).toBe(1); });"),
  ],
});

tester.run('query-keys-from-factory', unbuilt.rules['query-keys-from-factory'], {
  valid: [
    good(
      'src/client/features/help/api/help-api.ts',
      "const helpKeys = { article: (slug: string) => ['help', 'article', slug] as const }; queryOptions({ queryKey: helpKeys.article(s), queryFn });",
    ),
    good('src/client/features/usage/api/x.ts', 'client.invalidateQueries({ queryKey: sharedQueryRoots.usage });'),
    good('src/client/features/x/api/x.ts', 'client.setQueryData(xKeys.all, data);'),
    good('src/client/features/x/api/x.ts', "useMutation({ mutationKey: xKeys.save(), mutationFn: f, meta: ['a'] });"),
  ],
  invalid: [
    bad(
      'src/client/features/chat/api/chat-api.ts',
      "queryOptions({ queryKey: ['chat', 'conversation', id], queryFn });",
    ),
    bad(
      'src/client/features/help/api/help-api.ts',
      "queryOptions({ queryKey: ['help', 'articles', q] as const, queryFn });",
    ),
    bad('src/client/features/teams/api/teams-api.ts', 'queryOptions({ queryKey: [...KEYS, teamId], queryFn });'),
    bad('src/client/features/billing/api/billing-api.ts', "client.invalidateQueries({ queryKey: ['usage'] });"),
    bad('src/client/features/x/api/x.ts', "client.setQueryData(['ui-preferences'], data);"),
    bad('src/client/features/x/api/x.ts', "useMutation({ mutationKey: ['account', 'preferences'], mutationFn: f });"),
  ],
});

tester.run('forms-on-the-kit', unbuilt.rules['forms-on-the-kit'], {
  valid: [
    good(
      'src/client/features/resources/components/x.tsx',
      'export const F = () => <Form form={form} onValid={save}><Field name="notes" label="Notes" /></Form>;',
    ),
    // A search box: an empty search does nothing, so there is no field error to show.
    good(
      'src/client/app/routes/resources-page.tsx',
      'export const F = () => <form role="search" aria-label="Resource library" onSubmit={submit}><input /></form>;',
    ),
    good(
      'src/client/features/searches/components/x.tsx',
      'export const F = () => <form role={"search"} onSubmit={s} />;',
    ),
    // The kit itself renders the one <form>.
    good('src/client/components/form/form.tsx', 'export const F = () => <form noValidate onSubmit={submit} />;'),
    // A form that is not submitted by script (a plain link-like GET form) is not a hand-rolled validator.
    good('src/client/features/x/components/x.tsx', 'export const F = () => <form method="get" action="/search" />;'),
  ],
  invalid: [
    bad(
      'src/client/features/teams/components/comment-form.tsx',
      'export const F = () => <form className="grid gap-2" onSubmit={submit} noValidate><textarea /></form>;',
    ),
    bad(
      'src/client/features/projects/components/projects-panel.tsx',
      'export const F = () => <form aria-label="New project" onSubmit={(e) => { e.preventDefault(); }} />;',
    ),
    bad('src/client/features/x/components/x.tsx', 'export const F = () => <form role="form" onSubmit={s} />;'),
  ],
});

tester.run('browser-contexts-from-fixtures', unbuilt.rules['browser-contexts-from-fixtures'], {
  valid: [
    good(
      'e2e/x.e2e.test.ts',
      "test('a', async ({ signedInPage }) => { const { page } = await signedInPage({ plan: 'pro' }); await page.goto('/'); });",
    ),
    good(
      'e2e/x.e2e.test.ts',
      "test('a', async ({ openPage }) => { const { page } = await openPage(); await page.close(); });",
    ),
    // A file's own fixture closes what it opened in onCleanup, when the test (or the file) ends.
    good(
      'e2e/x.e2e.test.ts',
      "test.extend('shared', { scope: 'file' }, async ({ openSharedPage }, { onCleanup }) => { const s = await openSharedPage(); onCleanup(() => s.context.close()); return s; });",
    ),
    good(
      'e2e/x.e2e.test.ts',
      "test('a', async ({ openPage }) => { const { page } = await openPage(); await dialog.close(); });",
    ),
  ],
  invalid: [
    bad(
      'e2e/x.e2e.test.ts',
      "it('a', async () => { const { context, page } = await signedInPage(browser); try { await page.goto('/'); } finally { await context.close(); } });",
    ),
    bad(
      'e2e/x.e2e.test.ts',
      "it('a', async () => { const a = await signedInPage(browser); await a.context.close(); });",
    ),
    bad('e2e/x.e2e.test.ts', 'afterAll(async () => { await browser.close(); });'),
    bad('e2e/x.e2e.test.ts', 'beforeAll(async () => { browser = await launchBrowser(); });'),
    bad('e2e/x.e2e.test.ts', 'async function signedIn() { const context = await browser.newContext({ baseURL }); }'),
    bad('e2e/x.e2e.test.ts', 'afterEach(async () => { await openContext?.close(); });'),
  ],
});

tester.run('numbers-from-sql', unbuilt.rules['numbers-from-sql'], {
  valid: [
    // Cast to a type node-postgres reads as a number, mapped, or typed as what the driver gives.
    { filename: at('src/server/features/x/x.service.ts'), code: 'const n = sql<number>`count(*)::int`;' },
    {
      filename: at('src/server/features/x/x.service.ts'),
      code: 'const n = sql<number>`(select coalesce(avg(${t.rating}), 0)::float8 from ${t})`;',
    },
    { filename: at('src/server/features/x/x.service.ts'), code: 'const n = sql<number>`count(*)`.mapWith(Number);' },
    { filename: at('src/server/features/x/x.service.ts'), code: 'const n = sql<number | string>`count(*) over ()`;' },
    // Not an aggregate, or not claimed to be a number.
    { filename: at('src/server/features/x/x.service.ts'), code: 'const n = sql<number>`1`;' },
    { filename: at('src/server/features/x/x.service.ts'), code: 'const d = sql<Date | null>`max(${t.createdAt})`;' },
    { filename: at('src/server/features/x/x.service.ts'), code: 'const n = sql`select count(*) from t`;' },
  ],
  invalid: [
    { filename: at('src/server/features/x/x.service.ts'), code: 'const n = sql<number>`count(*)`;', errors: 1 },
    {
      filename: at('src/server/features/x/x.service.ts'),
      code: 'const n = sql<number>`count(distinct ${t.id}) filter (where ${t.saved})`;',
      errors: 1,
    },
    {
      filename: at('src/server/features/x/x.service.ts'),
      code: 'const n = sql<number | null>`sum(${t.n})`;',
      errors: 1,
    },
    { filename: at('src/server/features/x/x.service.ts'), code: "const n = sql<number>`nextval('s')`;", errors: 1 },
    // A bigint cast is still a string in node-postgres.
    { filename: at('src/server/features/x/x.service.ts'), code: 'const n = sql<number>`count(*)::bigint`;', errors: 1 },
  ],
});
