import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFullCorpus } from '../corpus/load-corpus.ts';
import { DATASET_FILES } from '../corpus/load-datasets.ts';
import { FIXTURE_DATASETS_DIR } from '../test/engine-fixtures.ts';
import type { ManifestEntry } from './dataset-manifest.ts';
import { DatasetFetchError, fetchDatasets, type FetchProgress } from './fetch-datasets.ts';

// A local static server (with Range support) serving the fixture datasets stands in for the
// public sources.

const ranges: (string | undefined)[] = [];
let corruptPath: string | null = null;
const server = http.createServer((req, res) => {
  const relative = decodeURIComponent((req.url ?? '/').slice(1));
  const file = path.join(FIXTURE_DATASETS_DIR, relative);
  if (!file.startsWith(FIXTURE_DATASETS_DIR) || !fs.existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  let body = fs.readFileSync(file);
  if (relative === corruptPath) body = Buffer.concat([body, Buffer.from('tampered')]);
  ranges.push(req.headers.range);
  const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  if (match) {
    const from = Number(match[1]);
    if (from >= body.length) {
      res.writeHead(416).end();
      return;
    }
    res
      .writeHead(206, {
        'content-length': body.length - from,
        'content-range': `bytes ${from}-${body.length - 1}/${body.length}`,
      })
      .end(body.subarray(from));
    return;
  }
  res.writeHead(200, { 'content-length': body.length }).end(body);
});

let base = '';
const dirs: string[] = [];
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function manifest(): ManifestEntry[] {
  return Object.values(DATASET_FILES).map((p) => {
    const bytes = fs.readFileSync(path.join(FIXTURE_DATASETS_DIR, p));
    return {
      path: p,
      url: `${base}/${p}`,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.length,
    };
  });
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-fetch-'));
  dirs.push(dir);
  return dir;
}

describe('datasets:fetch', () => {
  it('downloads every file with progress, verifies checksums, and the result indexes', async () => {
    const dir = tempDir();
    const progress: FetchProgress[] = [];
    const results = await fetchDatasets({
      dir,
      manifest: manifest(),
      strict: true,
      onProgress: (p) => progress.push(p),
    });
    expect(results.every((r) => r.status === 'downloaded' && r.matchesPinned)).toBe(true);
    expect(progress.some((p) => p.path === DATASET_FILES.yc && p.received === p.total)).toBe(true);
    expect(loadFullCorpus(dir).companies.length).toBeGreaterThan(20);
    const again = await fetchDatasets({ dir, manifest: manifest(), strict: true });
    expect(again.every((r) => r.status === 'already-present')).toBe(true);
  });

  it('downloads a pinned file again with redownload (the daily refresh), and keeps it when a download fails', async () => {
    const dir = tempDir();
    await fetchDatasets({ dir, manifest: manifest(), strict: true });
    // The source published a new release: redownload fetches it although the old copy matches its pin.
    corruptPath = DATASET_FILES.yc;
    try {
      const [yc] = await fetchDatasets({ dir, manifest: manifest().slice(0, 1), strict: false, redownload: true });
      expect(yc).toMatchObject({ status: 'downloaded', matchesPinned: false });
      expect(fs.readFileSync(path.join(dir, DATASET_FILES.yc), 'utf8')).toMatch(/tampered$/);
    } finally {
      corruptPath = null;
    }
    // A failing source: the copy in place stays whole.
    const before = fs.readFileSync(path.join(dir, DATASET_FILES.yc));
    const broken = manifest().map((e) => ({ ...e, url: `${base}/missing/${e.path}` }));
    await expect(fetchDatasets({ dir, manifest: broken, strict: false, redownload: true })).rejects.toThrow(/HTTP 404/);
    expect(fs.readFileSync(path.join(dir, DATASET_FILES.yc)).equals(before)).toBe(true);
  });

  it('resumes a partial download with an HTTP range request', async () => {
    const dir = tempDir();
    const target = path.join(dir, DATASET_FILES.yc);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const full = fs.readFileSync(path.join(FIXTURE_DATASETS_DIR, DATASET_FILES.yc));
    fs.writeFileSync(`${target}.part`, full.subarray(0, 1000));
    ranges.length = 0;
    const [first] = await fetchDatasets({ dir, manifest: manifest().slice(0, 1), strict: true });
    expect(ranges).toEqual(['bytes=1000-']);
    expect(first).toMatchObject({ status: 'resumed', matchesPinned: true });
    expect(fs.readFileSync(target).equals(full)).toBe(true);
  });

  it('rejects a file whose checksum does not match, naming it', async () => {
    const dir = tempDir();
    corruptPath = DATASET_FILES.bls;
    try {
      await expect(fetchDatasets({ dir, manifest: manifest(), strict: true })).rejects.toThrow(DatasetFetchError);
      await expect(fetchDatasets({ dir, manifest: manifest(), strict: true })).rejects.toThrow(DATASET_FILES.bls);
      const lenient = await fetchDatasets({ dir, manifest: manifest(), strict: false });
      expect(lenient.find((r) => r.path === DATASET_FILES.bls)?.matchesPinned).toBe(false);
    } finally {
      corruptPath = null;
    }
  });

  it('names the file when the source answers with an error', async () => {
    const dir = tempDir();
    const broken = manifest().map((e) => (e.path === DATASET_FILES.tasks ? { ...e, url: `${base}/missing.txt` } : e));
    await expect(fetchDatasets({ dir, manifest: broken, strict: true })).rejects.toThrow(
      `${DATASET_FILES.tasks}: HTTP 404`,
    );
  });
});
