import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ManifestEntry } from './dataset-manifest.ts';

// Downloads the datasets into a folder laid out like ../shared/data: resumable (HTTP Range on a
// `.part` file), verified against pinned SHA-256 checksums, with progress reported per file.

export type FetchProgress = { path: string; received: number; total: number | null; resumedFrom: number };
export type FetchResult = {
  path: string;
  status: 'downloaded' | 'already-present' | 'resumed' | 'no-public-source';
  sha256: string | null;
  matchesPinned: boolean | null;
};

export class DatasetFetchError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = 'DatasetFetchError';
  }
}

function sha256Of(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

async function download(
  entry: ManifestEntry & { url: string },
  target: string,
  onProgress: (p: FetchProgress) => void,
  signal?: AbortSignal,
): Promise<'downloaded' | 'resumed'> {
  const part = `${target}.part`;
  const resumeFrom = fs.existsSync(part) ? fs.statSync(part).size : 0;
  const response = await fetch(entry.url, { headers: resumeFrom > 0 ? { range: `bytes=${resumeFrom}-` } : {}, signal });
  if (response.status === 416) {
    // The .part already holds the whole file.
    fs.renameSync(part, target);
    return 'resumed';
  }
  if (!response.ok || !response.body)
    throw new DatasetFetchError(entry.path, `HTTP ${response.status} from ${entry.url}`);
  const isResume = resumeFrom > 0 && response.status === 206;
  const length = Number(response.headers.get('content-length') ?? NaN);
  const total = Number.isFinite(length) ? length + (isResume ? resumeFrom : 0) : entry.bytes;
  const out = fs.createWriteStream(part, { flags: isResume ? 'a' : 'w' });
  let received = isResume ? resumeFrom : 0;
  try {
    for await (const chunk of response.body) {
      const buffer = chunk as Uint8Array;
      received += buffer.byteLength;
      if (!out.write(buffer)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      onProgress({ path: entry.path, received, total, resumedFrom: isResume ? resumeFrom : 0 });
    }
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  fs.renameSync(part, target);
  return isResume ? 'resumed' : 'downloaded';
}

/**
 * Fetches every manifest entry into `dir`. A file already present with the pinned checksum is
 * kept; a checksum mismatch on a pinned file fails with the file's name (strict) or is reported.
 */
export async function fetchDatasets(options: {
  dir: string;
  manifest: ManifestEntry[];
  strict: boolean;
  /**
   * Download every file that has a source again, even one present with its pinned checksum (the
   * scheduled refresh: a source may have published a newer release). Each file in place is replaced
   * only when its own download completes, so a failed download leaves that file as it was.
   */
  redownload?: boolean;
  onProgress?: (p: FetchProgress) => void;
  signal?: AbortSignal;
}): Promise<FetchResult[]> {
  const results: FetchResult[] = [];
  for (const entry of options.manifest) {
    const target = path.join(options.dir, entry.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const isPinnedCopy = fs.existsSync(target) && entry.sha256 !== null && sha256Of(target) === entry.sha256;
    if (isPinnedCopy && !(options.redownload && entry.url !== null)) {
      results.push({ path: entry.path, status: 'already-present', sha256: entry.sha256, matchesPinned: true });
      continue;
    }
    if (entry.url === null) {
      results.push({ path: entry.path, status: 'no-public-source', sha256: null, matchesPinned: null });
      continue;
    }
    if (!options.redownload && fs.existsSync(target)) fs.rmSync(target);
    const status = await download(
      { ...entry, url: entry.url },
      target,
      options.onProgress ?? (() => undefined),
      options.signal,
    );
    const sha256 = sha256Of(target);
    const matchesPinned = entry.sha256 === null ? null : sha256 === entry.sha256;
    if (matchesPinned === false && options.strict) {
      fs.renameSync(target, `${target}.rejected`);
      throw new DatasetFetchError(entry.path, `checksum ${sha256} does not match the pinned ${entry.sha256}`);
    }
    results.push({ path: entry.path, status, sha256, matchesPinned });
  }
  return results;
}
