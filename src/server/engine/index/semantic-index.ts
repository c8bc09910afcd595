import fs from 'node:fs';
import path from 'node:path';
import type { Corpus } from '../corpus/corpus.types.ts';
import { createEmbedder, type Embedder } from './embedder.ts';
import type { EngineIndex } from './engine-index.ts';
import { vectorCacheDir, writeAtomic } from './index-cache.ts';
import {
  EMBEDDING_DIMENSIONS,
  VECTOR_SETS,
  vectorSetKey,
  vectorSetTexts,
  type VectorSet,
  type VectorSetName,
} from './vector-sets.ts';

// Sentence vectors for companies and occupations, computed in worker threads and cached under
// DATA_DIR by corpus version and text hash (the server and the CLIs share the cache). Until every
// set is ready, or if the model fails, the engine answers lexically and says so.

const CHUNK = 64;
const QUERY_CACHE = 500;

export type BuildProgress = { set: VectorSetName | null; done: number; total: number };

function readSet(file: string, rows: number, owners: Int32Array): VectorSet | null {
  try {
    const buffer = fs.readFileSync(file);
    const floats = new Float32Array(buffer.buffer, buffer.byteOffset, Math.floor(buffer.byteLength / 4));
    // A truncated or foreign file can still divide evenly by the row count: require the exact size.
    if (floats.length !== rows * EMBEDDING_DIMENSIONS) return null;
    return { vectors: new Float32Array(floats), dimensions: EMBEDDING_DIMENSIONS, owners, rows };
  } catch {
    return null;
  }
}

/**
 * Loads each set from the cache or computes it. Texts are embedded in order of length so a chunk
 * holds texts of similar length (the model pads a chunk to its longest text), and chunks are shared
 * among the embedder's workers.
 */
export async function buildVectorSets(
  corpus: Corpus,
  dataDir: string | null,
  embedder: Embedder,
  onProgress: (p: BuildProgress) => void = () => undefined,
): Promise<Record<VectorSetName, VectorSet>> {
  const all = VECTOR_SETS.map((name) => ({ name, ...vectorSetTexts(corpus, name) }));
  const total = all.reduce((s, x) => s + x.texts.length, 0);
  let done = 0;
  const out = {} as Record<VectorSetName, VectorSet>;
  for (const { name, texts, owners } of all) {
    const file = dataDir ? path.join(vectorCacheDir(dataDir), vectorSetKey(name, texts)) : null;
    const cached = file ? readSet(file, texts.length, owners) : null;
    if (cached) {
      out[name] = cached;
      done += texts.length;
      onProgress({ set: name, done, total });
      continue;
    }
    const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length || a - b);
    let dimensions = 0;
    let vectors = new Float32Array(0);
    const chunks: number[][] = [];
    for (let i = 0; i < order.length; i += CHUNK) chunks.push(order.slice(i, i + CHUNK));
    await Promise.all(
      chunks.map(async (chunk) => {
        const result = await embedder.embed(chunk.map((i) => texts[i]!));
        if (dimensions === 0) {
          dimensions = result.dimensions;
          vectors = new Float32Array(texts.length * dimensions);
        }
        chunk.forEach((row, k) =>
          vectors.set(result.vectors.subarray(k * dimensions, (k + 1) * dimensions), row * dimensions),
        );
        done += chunk.length;
        onProgress({ set: name, done, total });
      }),
    );
    out[name] = { vectors, dimensions, owners, rows: texts.length };
    if (file) {
      try {
        writeAtomic(file, new Uint8Array(vectors.buffer));
      } catch {
        // A read-only DATA_DIR only costs the next start a rebuild.
      }
    }
  }
  onProgress({ set: null, done: total, total });
  return out;
}

/**
 * Embeds query texts through the embedder, with a small cache of recent ones. Texts asked for in the
 * same tick (a query, its offering, segment and job) go to the worker as one batch: one round trip.
 */
export function queryEmbedder(embedder: Embedder): (text: string) => Promise<Float32Array> {
  const cache = new Map<string, Promise<Float32Array>>();
  let batch: { text: string; resolve: (v: Float32Array) => void; reject: (e: unknown) => void }[] = [];
  const flush = (): void => {
    const taken = batch;
    batch = [];
    embedder.embed(taken.map((b) => b.text)).then(
      ({ vectors, dimensions }) =>
        taken.forEach((b, i) => b.resolve(vectors.slice(i * dimensions, (i + 1) * dimensions))),
      (error: unknown) => taken.forEach((b) => b.reject(error)),
    );
  };
  return (text) => {
    const key = text.trim().toLowerCase();
    let hit = cache.get(key);
    if (!hit) {
      hit = new Promise<Float32Array>((resolve, reject) => {
        if (batch.length === 0) queueMicrotask(flush);
        batch.push({ text, resolve, reject });
      });
      hit.catch(() => cache.delete(key));
      cache.set(key, hit);
      if (cache.size > QUERY_CACHE) cache.delete(cache.keys().next().value!);
    }
    return hit;
  };
}

/** Starts loading or computing the vectors in worker threads; never throws, never blocks the caller. */
export function startSemanticIndex(
  index: EngineIndex,
  dataDir: string | null,
  options: { workers?: number; lowerPriority?: boolean } = {},
): void {
  const state = index.semantic;
  state.note = 'Sentence vectors are still being computed: lexical retrieval only for now.';
  state.settled = (async () => {
    const embedder = createEmbedder(options.workers ?? 1, { lowerPriority: options.lowerPriority ?? true });
    try {
      const sets = await buildVectorSets(index.corpus, dataDir, embedder, (p) => {
        state.progress = { done: p.done, total: p.total };
      });
      state.embed = queryEmbedder(embedder);
      state.sets = sets;
      state.note = null;
    } catch (error) {
      await embedder.close().catch(() => undefined);
      state.note = `The sentence model is unavailable (${(error as Error).message.slice(0, 120)}): lexical retrieval only.`;
    }
  })();
}
