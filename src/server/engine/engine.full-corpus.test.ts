import { describe, expect, it } from 'vitest';
import { gapAnalysisSchema } from '#shared/engine/analysis.schemas.ts';
import { readTestVariable } from '../env.ts';
import { testEnv } from '../test/test-app.ts';
import { createEngine } from './engine.ts';
import { verifyAnalysis } from './eval/verify-grounding.ts';
import { filters } from './test/engine-fixtures.ts';

// Suites on the full public datasets. CI sets DATASETS_DIR (and must); elsewhere they are not
// defined and one line says how to enable them.

const datasetsDir = readTestVariable('DATASETS_DIR');
const isCi = readTestVariable('CI') === 'true';

describe('full-corpus engine suites', () => {
  it('have the datasets they need under CI', () => {
    if (!datasetsDir) console.log('Full-corpus engine tests not run: set DATASETS_DIR=../shared/data to enable them.');
    expect(isCi && !datasetsDir, 'CI=true requires DATASETS_DIR (e.g. ../shared/data)').toBe(false);
  });
});

if (datasetsDir) {
  describe('gap engine on the full datasets', async () => {
    const engine = await createEngine({ env: testEnv({ DATASETS_DIR: datasetsDir }) });

    it('answers "pet care for elderly owners" with pet and senior companies, their status, demand and explained scores', async () => {
      const analysis = gapAnalysisSchema.parse(
        await engine.analyze({ query: 'pet care for elderly owners', filters: filters() }),
      );
      expect(analysis).toMatchObject({ status: 'ok', corpus: { kind: 'full' } });
      expect(analysis.opportunities.length).toBeGreaterThanOrEqual(5);
      const competitors = analysis.opportunities.flatMap((o) => o.competitors);
      const names = new Set(competitors.map((c) => c.name));
      expect(['Petcube', 'Dr. Treat', 'Camlist', 'VetRec'].filter((n) => names.has(n)).length).toBeGreaterThanOrEqual(
        2,
      );
      expect(
        ['Pine Park Health', 'GoGoGrandparent', 'ReverCare', 'Moonset Health'].filter((n) => names.has(n)).length,
      ).toBeGreaterThanOrEqual(1);
      expect(competitors.every((c) => c.status && c.verified)).toBe(true);
      const demand = analysis.opportunities.flatMap((o) => o.evidence.filter((e) => e.source === 'bls'));
      expect(demand.length).toBeGreaterThan(0);
      for (const o of analysis.opportunities) {
        for (const b of Object.values(o.breakdown)) expect(b.factors.every((f) => f.explanation.length > 0)).toBe(true);
      }
      expect(verifyAnalysis(analysis).failures).toEqual([]);
    });

    it('finds B2B incumbents named in the directory', async () => {
      const analysis = await engine.analyze({ query: 'AI receptionist for dental offices', filters: filters() });
      const names = new Set(analysis.opportunities.flatMap((o) => o.competitors.map((c) => c.name)));
      expect(names).toContain('Arini');
    });

    it('abstains on nonsense that shares one word with real companies', async () => {
      const analysis = await engine.analyze({ query: 'blorptastic zorgle quantum', filters: filters() });
      expect(analysis.status).toBe('insufficient_data');
    });

    it('is deterministic', async () => {
      const a = await engine.analyze({ query: 'carbon accounting for manufacturers', filters: filters() });
      const b = await engine.analyze({ query: 'carbon accounting for manufacturers', filters: filters() });
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    });
  });
}
