import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpArticle, HelpArticleSummary } from '#shared/help/help.schemas.ts';
import { PAGE_HELP } from '#shared/help/page-help.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { RUBRIC_VERSION } from '../../engine/pipeline/rubric.ts';
import { SEED_ARTICLES } from './help-articles.seed-data.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
});
afterAll(() => t.close());

const list = async (qs: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/help/articles?${qs}` })).json<{
    data: { items: HelpArticleSummary[] };
  }>().data.items;

describe('help articles', () => {
  it('are listed for visitors, seeded about this product', async () => {
    const items = await list('');
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items.map((i) => i.slug)).toEqual(
      expect.arrayContaining(['how-scores-are-computed', 'data-sources', 'plans-and-quotas']),
    );
  });

  it('rank a title match first and match prefixes', async () => {
    expect((await list('q=scores%20computed'))[0]?.slug).toBe('how-scores-are-computed');
    expect((await list('q=quot'))[0]?.slug).toBe('plans-and-quotas');
    expect(await list(`q=${encodeURIComponent('\') | !(& "x')}`)).toBeInstanceOf(Array);
  });

  it('give every page an article names as its context a "?" that opens an article of that page', async () => {
    const pages = Object.values(PAGE_HELP);
    for (const context of new Set(SEED_ARTICLES.flatMap((a) => (a.context ? [a.context] : [])))) {
      const page = pages.find((p) => p.path === context);
      expect(page, `a "?" on ${context}`).toBeDefined();
      expect(SEED_ARTICLES.find((a) => a.slug === page?.article)?.context).toBe(context);
    }
    for (const page of pages) {
      const res = await t.app.inject({ method: 'GET', url: `/api/help/articles/${page.article}` });
      expect(res.statusCode, page.article).toBe(200);
    }
  });

  it('put the page’s own articles first for a context', async () => {
    const items = await list(`context=${encodeURIComponent('/search-result/:id')}`);
    expect(items[0]?.context).toBe('/search-result/:id');
  });

  it('say how scores are computed with the rubric in use, count views and helpful marks', async () => {
    const read = () =>
      t.app
        .inject({ method: 'GET', url: '/api/help/articles/how-scores-are-computed' })
        .then((r) => r.json<{ data: HelpArticle }>().data);
    const first = await read();
    expect(first.content).toContain(RUBRIC_VERSION);
    expect(first.content).toContain('importance − satisfaction');
    expect((await read()).viewCount).toBe(first.viewCount + 1);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/help/articles/how-scores-are-computed/helpful' })).statusCode,
    ).toBe(401);
    const helpful = await t.app.inject({
      method: 'POST',
      url: '/api/help/articles/how-scores-are-computed/helpful',
      headers: user.headers,
    });
    expect(helpful.json().data.helpfulCount).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/help/articles/no-such-article' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/help/articles/Bad_Slug' })).statusCode).toBe(400);
  });
});
