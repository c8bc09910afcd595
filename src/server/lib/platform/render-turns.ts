// Files made on request (PDF reports, pitch decks) are CPU work on the event loop: pdfkit draws a report
// and embeds its fonts synchronously, 0.2–0.4 s a report on a quiet core. Started as their requests
// reached them, concurrent exports rendered back to back in one event-loop phase: three free exports of
// "30 concurrent exports" held the loop 0.9 s on a quiet machine and 7–9 s at load 11, and the database
// answers that arrived meanwhile sat unread while node-postgres's 11 s client-side read timers ran out on
// them: 503s for statements PostgreSQL had already answered (docs/decisions/046-ci-time.md, "Sixth stop").
// Here renders run one at a time, each in an event-loop turn of its own (a check phase, after a poll
// phase), so timers fire and sockets are read between two renders: the longest block is one render, not
// the sum of all that were waiting. The queue is the process's, as the event loop is; a failed render
// does not hold back the next.

let tail: Promise<unknown> = Promise.resolve();

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `render` after the renders queued before it, in an event-loop turn of its own. */
export function renderInTurn<T>(render: () => Promise<T>): Promise<T> {
  const turn = tail.then(nextTurn).then(render);
  tail = turn.catch(() => undefined);
  return turn;
}
