import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { gapAnalysisSchema } from '#shared/engine/analysis.schemas.ts';
import { FIXTURE_DATASETS_DIR } from '../test/engine-fixtures.ts';

// `npm run gaps` as a person runs it: a separate process, output on a pipe.

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const script = fileURLToPath(new URL('./gaps.ts', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-gaps-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function gaps(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { DATASETS_DIR: FIXTURE_DATASETS_DIR, SEMANTIC_SEARCH: 'false', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    maxBuffer: 64 * 1024 * 1024,
  });
}

describe('npm run gaps', () => {
  it('prints only the analysis JSON on stdout with --json, however long it is', () => {
    // The analysis echoes the query, so a very long query makes the output exceed a pipe's 64 KB.
    const query = 'pet care for elderly owners '.repeat(2600).trim();
    const result = gaps('--json', query);
    expect(result.status).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(65_536);
    const analysis = gapAnalysisSchema.parse(JSON.parse(result.stdout));
    expect(analysis).toMatchObject({ query, status: 'ok', corpus: { kind: 'full' } });
  }, 60_000);

  it('prints a readable table', () => {
    const result = gaps('meal planning for busy families');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Query: meal planning for busy families');
    expect(result.stdout).toMatch(/#\s+Opportunity\s+Category\s+Opp/);
    expect(result.stdout).toContain('AnyList');
  }, 60_000);

  it('adds the market map with --map: a header, then one segment × job pair a line', () => {
    const result = gaps('--map', 'meal planning for busy families');
    expect(result.status).toBe(0);
    const map = result.stdout.slice(result.stdout.indexOf('Market map: '));
    expect(map).toMatch(/^Market map: /);
    expect(map.split('\n')[1]).toMatch(/^Customer segment\s+Job\s+Opportunity\s+Score\s+Supply/);
    expect(map.split('\n').length).toBeGreaterThan(2);
    expect(map).not.toContain('--map');
  }, 60_000);

  it('explains its usage when the query is missing', () => {
    const result = gaps('--json');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('usage: npm run gaps');
  }, 60_000);
});
