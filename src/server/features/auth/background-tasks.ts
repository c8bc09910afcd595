import type { FastifyInstance, FastifyRequest } from 'fastify';

// Work that must not delay (or, by its duration, reveal anything through) a response. The app waits
// for pending tasks when it closes, so none is cut off mid-write.

export type BackgroundTasks = { run: (request: FastifyRequest, what: string, task: () => Promise<void>) => void };

/** Call while the plugin registers (it adds an onClose hook). */
export function createBackgroundTasks(app: FastifyInstance): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  return {
    run: (request, what, task) => {
      const promise: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => request.log.error({ err: error }, `${what} failed`))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
  };
}
