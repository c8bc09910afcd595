import { desc, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { decodeCursor, encodeCursor, paginate, type KeysetColumn } from './paginate.ts';
import { AppError } from '../platform/app-error.ts';

// paginate() by page and by cursor over a real table, with ties in the first key (the id decides).

type Row = typeof projects.$inferSelect;
const keyset: KeysetColumn<Row>[] = [
  { column: projects.updatedAt, direction: 'desc', value: (r) => r.updatedAt },
  { column: projects.id, direction: 'desc', value: (r) => r.id },
];

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  const base = Date.parse('2026-03-01T00:00:00Z');
  // 7 rows, two pairs sharing a timestamp.
  const stamps = [0, 1, 1, 2, 3, 3, 4].map((m) => new Date(base + m * 60_000));
  for (const [i, at] of stamps.entries()) {
    await t.db.db.insert(projects).values({ userId: user.user.id, name: `p${i}`, createdAt: at, updatedAt: at });
  }
});
afterAll(() => t.close());

function list(query: { page: number; pageSize: number; cursor?: string }) {
  return paginate({
    query,
    keyset,
    fetch: ({ limit, offset, after }) =>
      t.db.db
        .select()
        .from(projects)
        .where(and(after))
        .orderBy(desc(projects.updatedAt), desc(projects.id))
        .limit(limit)
        .offset(offset),
  });
}

describe('paginate', () => {
  it('walks the same rows, in the same order, by page number and by cursor', async () => {
    const byPage: string[] = [];
    for (let page = 1; ; page++) {
      const result = await list({ page, pageSize: 3 });
      byPage.push(...result.items.map((r) => r.name));
      expect(result.page).toBe(page);
      expect(result.nextCursor === null).toBe(!result.hasMore);
      if (!result.hasMore) break;
    }
    const byCursor: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const result = await list({ page: 1, pageSize: 3, ...(cursor ? { cursor } : {}) });
      byCursor.push(...result.items.map((r) => r.name));
      cursor = result.nextCursor ?? undefined;
      pages++;
      expect(result.page).toBe(pages);
    } while (cursor);
    expect(byPage).toEqual(['p6', 'p5', 'p4', 'p3', 'p2', 'p1', 'p0']);
    expect(byCursor).toEqual(byPage);
    expect(pages).toBe(3);
  });

  it('answers a tampered or foreign cursor with a field error, not a 500', () => {
    for (const bad of [
      'not-base64!',
      Buffer.from('{"page":0,"values":[]}').toString('base64url'),
      encodeCursor({ page: 2, values: [1] }),
    ]) {
      expect(() => decodeCursor(bad, 2)).toThrow(AppError);
    }
    expect(decodeCursor(encodeCursor({ page: 2, values: [new Date(0), 5] }), 2)).toEqual({
      page: 2,
      values: [new Date(0), 5],
    });
  });
});
