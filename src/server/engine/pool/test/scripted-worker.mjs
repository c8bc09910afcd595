// A stand-in engine worker for the pool's tests: speaks the pool protocol (pool-protocol.ts) with
// no corpus. The first word of the query (or profile text) picks the behaviour:
//   crash …  → posts a stage, then the thread exits with code 3
//   hold …   → posts a stage, then waits: a cancel answers AbortError; a message on the
//              BroadcastChannel `scripted-engine:<DATA_DIR_ABS>` ({ analysis }) answers every held
//              job with it (the test's own DATA_DIR names the channel: test files run side by side)
//   anything else → posts a stage, then answers { query, seq, progress } (seq: the order jobs arrived
//              here; progress: whether the pool asked for progress messages)
// A trendsCorpus request is held until the channel carries { trendsCorpus }, which answers it.
import { BroadcastChannel, parentPort, threadId, workerData } from 'node:worker_threads';

const post = (message) => parentPort.postMessage(message);
const held = new Map();
const heldCorpus = new Set();
let seq = 0;

const channel = new BroadcastChannel(`scripted-engine:${workerData.env.DATA_DIR_ABS}`);
channel.unref();
channel.onmessage = (event) => {
  if (event.data.trendsCorpus) {
    for (const id of heldCorpus) post({ type: 'trendsCorpus', id, corpus: event.data.trendsCorpus });
    heldCorpus.clear();
    return;
  }
  for (const id of held.keys()) post({ type: 'analysis', id, analysis: event.data.analysis });
  held.clear();
};

parentPort.on('message', (message) => {
  if (message.type === 'cancel') {
    if (held.delete(message.id))
      post({ type: 'failed', id: message.id, error: { name: 'AbortError', message: 'The analysis was aborted' } });
    return;
  }
  if (message.type === 'trendsCorpus') {
    heldCorpus.add(message.id);
    return;
  }
  seq++;
  const text = message.type === 'profile' ? message.text : message.input.query;
  post({ type: 'stage', id: message.id, stage: 'parsing' });
  if (text.startsWith('crash')) process.exit(3);
  if (text.startsWith('hold')) {
    held.set(message.id, message);
    return;
  }
  setImmediate(() =>
    post({ type: 'analysis', id: message.id, analysis: { query: text, seq, threadId, progress: message.progress } }),
  );
});

post({
  type: 'ready',
  status: { mode: 'offline', corpusVersion: 'scripted', corpusKind: 'seed', semantic: false, ready: true },
});
