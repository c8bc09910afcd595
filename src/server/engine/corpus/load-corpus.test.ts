import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_DATASETS_DIR } from '../test/engine-fixtures.ts';
import { loadOrBuildLexical } from '../index/index-cache.ts';
import { LEXICAL_INDEX_VERSION } from '../index/lexical-index.ts';
import { loadFullCorpus } from './load-corpus.ts';
import { batchYear, parseNumber } from './parse-files.ts';

const dirs: string[] = [];
function copyFixtures(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-datasets-'));
  fs.cpSync(FIXTURE_DATASETS_DIR, dir, { recursive: true });
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('corpus loading', () => {
  it('loads the datasets with a version derived from their bytes', () => {
    const corpus = loadFullCorpus(FIXTURE_DATASETS_DIR);
    expect(corpus.kind).toBe('full');
    expect(corpus.companies.find((c) => c.slug === 'petcube')).toMatchObject({
      name: 'Petcube',
      status: 'Active',
      year: 2016,
    });
    expect(corpus.projections.get('39-2021')?.employment2023).toBeGreaterThan(300);
    const changed = copyFixtures();
    fs.appendFileSync(path.join(changed, 'onet/task-statements.txt'), '');
    expect(loadFullCorpus(changed).version).toBe(corpus.version);
    fs.appendFileSync(path.join(changed, 'onet/read-me.txt'), 'x');
    fs.appendFileSync(path.join(changed, 'bls/employment-projections-2023-2033.csv'), '\n');
    expect(loadFullCorpus(changed).version).not.toBe(corpus.version);
  });

  it.each([
    ['yc/companies.json', (t: string) => t.slice(0, t.length / 2), 'yc/companies.json'],
    [
      'bls/employment-projections-2023-2033.csv',
      (t: string) => t.slice(0, t.lastIndexOf('"') - 3),
      'bls/employment-projections-2023-2033.csv',
    ],
    ['onet/occupation-data.txt', () => 'Code\tName\n', 'onet/occupation-data.txt'],
    ['onet/task-statements.txt', () => '', 'onet/task-statements.txt'],
  ])('stops with a message naming a corrupt %s', (file, corrupt, named) => {
    const dir = copyFixtures();
    const target = path.join(dir, file);
    fs.writeFileSync(target, corrupt(fs.readFileSync(target, 'utf8')));
    expect(() => loadFullCorpus(dir)).toThrow(named);
  });

  it('names a missing file', () => {
    const dir = copyFixtures();
    fs.rmSync(path.join(dir, 'onet/technology-skills.txt'));
    expect(() => loadFullCorpus(dir)).toThrow('onet/technology-skills.txt');
  });

  it('caches the index under DATA_DIR and rebuilds a corrupt cache', () => {
    const corpus = loadFullCorpus(FIXTURE_DATASETS_DIR);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-cache-'));
    dirs.push(dataDir);
    expect(loadOrBuildLexical(corpus, dataDir).from).toBe('built');
    expect(loadOrBuildLexical(corpus, dataDir).from).toBe('cache');
    fs.writeFileSync(
      path.join(dataDir, 'engine-cache', corpus.version, `lexical-${LEXICAL_INDEX_VERSION}.json`),
      '{"companies": {"broken"',
    );
    const rebuilt = loadOrBuildLexical(corpus, dataDir);
    expect(rebuilt.from).toBe('built');
    expect(rebuilt.rebuiltReason).toContain('unreadable');
    expect(rebuilt.indexes.companies.search('pet').length).toBeGreaterThan(0);
    expect(loadOrBuildLexical(corpus, dataDir).from).toBe('cache');
  });

  it('reads batch labels and BLS numbers', () => {
    expect([
      batchYear('Winter 2012'),
      batchYear('W11'),
      batchYear('IK12'),
      batchYear('X25'),
      batchYear('Unspecified'),
    ]).toEqual([2012, 2011, 2012, 2025, null]);
    expect([parseNumber('1,562.0'), parseNumber('="13-2011"'), parseNumber('N/A'), parseNumber('')]).toEqual([
      1562,
      null,
      null,
      null,
    ]);
  });
});
