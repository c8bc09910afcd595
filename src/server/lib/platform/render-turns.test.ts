import { describe, expect, it } from 'vitest';
import { renderInTurn } from './render-turns.ts';

// Renders are synchronous CPU work: while one runs, no timer fires and no socket is read. Run as they
// came, several renders held the event loop for their sum, long enough for node-postgres's read timers
// to expire on answers already in the socket (a 503 for a statement the database had answered).

/** Synchronous work of `ms` milliseconds, as a PDF render is. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('renderInTurn', () => {
  it('gives the event loop a turn between two renders: a timer due during one fires before the next starts', async () => {
    const order: string[] = [];
    const renders = ['first', 'second', 'third'].map((name) =>
      renderInTurn(() => {
        order.push(`${name} starts`);
        setTimeout(() => order.push(`timer of ${name}`), 1);
        busy(20);
        order.push(`${name} ends`);
        return Promise.resolve(name);
      }),
    );
    expect(await Promise.all(renders)).toEqual(['first', 'second', 'third']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual([
      'first starts',
      'first ends',
      'timer of first',
      'second starts',
      'second ends',
      'timer of second',
      'third starts',
      'third ends',
      'timer of third',
    ]);
  });

  it('runs one render at a time, asynchronous ones too, in the order they were asked for', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await Promise.all(
      [3, 1, 2].map((n) =>
        renderInTurn(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, n * 5));
          running--;
          done.push(n);
        }),
      ),
    );
    expect(most).toBe(1);
    expect(done).toEqual([3, 1, 2]);
  });

  it('does not let a failed render hold back the next', async () => {
    const failed = renderInTurn(() => Promise.reject(new Error('render failed')));
    const next = renderInTurn(() => Promise.resolve('made'));
    await expect(failed).rejects.toThrow('render failed');
    await expect(next).resolves.toBe('made');
  });

  it('does not start a render in the turn that asked for it', async () => {
    let started = false;
    const render = renderInTurn(() => {
      started = true;
      return Promise.resolve();
    });
    await Promise.resolve();
    expect(started).toBe(false);
    await render;
    expect(started).toBe(true);
  });
});
