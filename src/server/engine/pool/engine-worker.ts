import { parentPort, workerData } from 'node:worker_threads';
import type { Env } from '../../env.ts';
import { createEngine, loadEngineIndex } from '../engine.ts';
import { marketProfile } from '../market-profile.ts';
import type { FromWorker, ToWorker } from './pool-protocol.ts';
import { lowerThisThreadPriority, thisThreadPriority } from './thread-priority.ts';
import { trendsCorpusOf } from './trends-corpus.ts';

// One engine worker (docs/decisions/029): loads its own read-only copy of the index, then answers
// analyze, profile and trends-corpus requests. Several jobs may be open at once (an LLM composer waits on the
// network); each has its own AbortController, fired by the pool's cancel message.

const port = parentPort!;
const { env, chrt } = workerData as { env: Env; chrt: string | null };

// The lowest CPU priority for this thread only, before the index loads (docs/decisions/045, and the
// idle scheduling class through the `chrt` the pool found, 051): reads, health and the in-process
// database on the request thread come first, and analyses use the CPU that is left. Reported with
// 'ready' (null where it could not be done). ENGINE_THREAD_PRIORITY=normal leaves the thread as it
// is and reports that (ADR 063).
const thread = env.ENGINE_THREAD_PRIORITY === 'low' ? lowerThisThreadPriority({ chrt }) : thisThreadPriority();
const post = (message: FromWorker): void => port.postMessage(message);
const jobs = new Map<number, AbortController>();

function describe(error: unknown): { name: string; message: string } {
  return error instanceof Error
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };
}

async function main(): Promise<void> {
  const index = await loadEngineIndex(env);
  const engine = await createEngine({ env });
  // Sentence vectors finish after start-up: the pool's status follows them.
  void index.semantic.settled.then(() => post({ type: 'status', status: engine.status() }));

  async function run(message: Exclude<ToWorker, { type: 'cancel' }>, signal: AbortSignal): Promise<FromWorker> {
    const { id } = message;
    if (message.type === 'trendsCorpus') return { type: 'trendsCorpus', id, corpus: trendsCorpusOf(index) };
    if (message.type === 'profile') {
      const profile = await marketProfile(index, message.text);
      signal.throwIfAborted();
      return {
        type: 'profile',
        id,
        result: { profile, corpus: { kind: index.corpus.kind, version: index.corpus.version } },
      };
    }
    const analysis = await engine.analyze(
      message.input,
      message.progress
        ? {
            signal,
            onStage: (stage) => post({ type: 'stage', id, stage }),
            onOpportunity: (opportunity) => post({ type: 'opportunity', id, opportunity }),
          }
        : { signal },
    );
    return { type: 'analysis', id, analysis };
  }

  port.on('message', (message: ToWorker) => {
    if (message.type === 'cancel') {
      jobs.get(message.id)?.abort(new DOMException('The analysis was aborted', 'AbortError'));
      return;
    }
    const controller = new AbortController();
    jobs.set(message.id, controller);
    run(message, controller.signal)
      .then(post, (error: unknown) => post({ type: 'failed', id: message.id, error: describe(error) }))
      .finally(() => jobs.delete(message.id));
  });
  post({ type: 'ready', status: engine.status(), thread });
}

main().catch((error: unknown) => {
  post({ type: 'fatal', message: describe(error).message });
  process.exit(1);
});
