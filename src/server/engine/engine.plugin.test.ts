import { afterAll, describe, expect, it } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { Engine } from './engine.ts';

describe('engine wiring', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('decorates app.engine with the seed corpus and reports it in /api/health', async () => {
    const t = await createTestApp();
    apps.push(t);
    const analysis = await t.app.engine.analyze({ query: 'meal planning for families', filters: defaultFilters() });
    expect(analysis.corpus.kind).toBe('seed');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().data.engine).toMatchObject({
      mode: 'offline',
      corpusKind: 'seed',
      semantic: false,
      ready: true,
    });
  });

  it('shares one loaded corpus between apps of the same process', async () => {
    const a = await createTestApp();
    const b = await createTestApp();
    apps.push(a, b);
    expect(a.app.engine.status().corpusVersion).toBe(b.app.engine.status().corpusVersion);
  });

  it('uses the engine a test provides', async () => {
    const fake: Engine = {
      analyze: () => Promise.reject(new Error('not used')),
      status: () => ({ mode: 'llm', corpusVersion: 'fake-1', corpusKind: 'full', semantic: true, ready: true }),
    };
    const t = await createTestApp({ overrides: { engine: fake } });
    apps.push(t);
    expect(t.app.engine).toBe(fake);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().data.engine.corpusVersion).toBe('fake-1');
  });
});
