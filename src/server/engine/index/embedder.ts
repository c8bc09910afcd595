import { Worker } from 'node:worker_threads';

// A pool of sentence-model workers. Texts are embedded off the main thread; the workers are
// unref'd so an idle pool never keeps a process alive. Each worker holds its own copy of the model
// (≈ 100 MB), so the server uses one and leaves the other core to requests; CLIs may use two.

export type Embedder = {
  /** Unit vectors, row-major, one row per text. Empty texts must not be passed (the model rejects them). */
  embed(texts: string[]): Promise<{ vectors: Float32Array; dimensions: number }>;
  close(): Promise<void>;
};

type Pending = { resolve: (v: { vectors: Float32Array; dimensions: number }) => void; reject: (e: Error) => void };

const WORKER_URL = new URL('./embed-worker.mjs', import.meta.url);

/** `lowerPriority` (default): each worker thread yields the CPU, nice 19 (ENGINE_THREAD_PRIORITY, ADR 063). */
export function createEmbedder(workers = 1, options: { lowerPriority?: boolean } = {}): Embedder {
  const lowerPriority = options.lowerPriority ?? true;
  const pool = Array.from({ length: Math.max(1, workers) }, () => {
    const worker = new Worker(WORKER_URL, { workerData: { lowerPriority } });
    worker.unref();
    return { worker, busy: 0 };
  });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  for (const slot of pool) {
    slot.worker.on('message', (m: { id: number; vectors?: Float32Array; dimensions?: number; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      slot.busy--;
      if (m.error !== undefined || !m.vectors) p.reject(new Error(m.error ?? 'the sentence model returned nothing'));
      else p.resolve({ vectors: m.vectors, dimensions: m.dimensions ?? 0 });
    });
    slot.worker.on('error', (error) => {
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    });
  }
  return {
    embed(texts) {
      if (texts.length === 0) return Promise.resolve({ vectors: new Float32Array(0), dimensions: 0 });
      const slot = pool.reduce((a, b) => (b.busy < a.busy ? b : a));
      const id = nextId++;
      slot.busy++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        slot.worker.postMessage({ id, texts });
      });
    },
    async close() {
      await Promise.all(pool.map((s) => s.worker.terminate()));
    },
  };
}

/**
 * createEmbedder(workers), started on the first embed: a caller that usually finds every vector in
 * its cache (the test set-ups) does not load the sentence model into workers it never uses.
 */
export function createLazyEmbedder(workers = 1): Embedder {
  let embedder: Embedder | null = null;
  return {
    embed(texts) {
      embedder ??= createEmbedder(workers);
      return embedder.embed(texts);
    },
    close() {
      return embedder ? embedder.close() : Promise.resolve();
    },
  };
}
