// The PGlite worker's own queue (docs/decisions/067): one statement, or one whole transaction, runs on
// PGlite at a time, and a plain read waiting goes before waiting writes, so that a read does not wait
// behind searches' statements (issue 32). A write waits for at most READS_BEFORE_A_WRITE reads.

/**
 * Reads let through ahead of a waiting write before that write runs. A read costs PGlite about a
 * millisecond (059), a search's statement a few: a write waits at most ~16 reads, small beside a
 * search's engine time, and a read queued behind the 30 soak readers meets at most two writes.
 */
export const READS_BEFORE_A_WRITE = 16;

/**
 * Built-in functions a plain read may call: none writes, takes a lock, or reads session state a write
 * sets (currval, lastval). Any other function — ours (unbuilt_reserve_search is called by a select),
 * nextval, pg_notify, set_config, pg_advisory_lock… — makes the statement a write.
 */
const PURE_FUNCTIONS = new Set([
  'abs',
  'age',
  'array_agg',
  'array_length',
  'array_position',
  'array_to_string',
  'avg',
  'bool_and',
  'bool_or',
  'cardinality',
  'ceil',
  'char_length',
  'coalesce',
  'concat',
  'concat_ws',
  'count',
  'date_part',
  'date_trunc',
  'dense_rank',
  'extract',
  'floor',
  'generate_series',
  'greatest',
  'json_agg',
  'json_build_array',
  'json_build_object',
  'jsonb_agg',
  'jsonb_array_elements',
  'jsonb_array_elements_text',
  'jsonb_array_length',
  'jsonb_build_array',
  'jsonb_build_object',
  'jsonb_each',
  'jsonb_typeof',
  'lag',
  'lead',
  'least',
  'left',
  'length',
  'lower',
  'max',
  'min',
  'now',
  'nullif',
  'rank',
  'round',
  'row_number',
  'row_to_json',
  'string_agg',
  'substring',
  'sum',
  'to_char',
  'to_json',
  'to_jsonb',
  'trim',
  'unnest',
  'upper',
]);

/** Words that are followed by a parenthesis in a select without calling a function. */
const KEYWORDS_BEFORE_PARENTHESIS = new Set([
  'all',
  'and',
  'any',
  'array',
  'as',
  'between',
  'by',
  'cast',
  'else',
  'exists',
  'filter',
  'from',
  'group',
  'in',
  'is',
  'join',
  'lateral',
  'not',
  'on',
  'or',
  'over',
  'row',
  'select',
  'some',
  'then',
  'using',
  'when',
  'where',
  'within',
]);

/** Words that make a select write, lock rows or end in a new table (for update/share, select into). */
const WRITING_WORDS =
  /\b(insert|update|delete|merge|into|for|share|lock|copy|call|do|notify|listen|unlisten|truncate)\b/i;

/** Leading whitespace and comments (`-- …` lines, `/* … *\/` blocks) before the first word. */
const LEADING = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/;

/**
 * Whether `sql` is one plain read: a `select` (or a `with` of selects) with no `;`, no word that
 * writes or locks, and no function call outside PURE_FUNCTIONS. Decided from the text alone and
 * conservatively: anything doubtful — a quoted or schema-qualified call, a cast with a type modifier,
 * a word inside a string literal or a comment that looks like one of those — is a write, which only
 * means it keeps its place in the queue.
 */
export function isPlainRead(sql: string): boolean {
  const body = sql.slice(LEADING.exec(sql)?.[0].length ?? 0);
  const first = /^[a-z]+/i.exec(body)?.[0].toLowerCase();
  if (first !== 'select' && first !== 'with') return false;
  if (sql.includes(';') || WRITING_WORDS.test(sql)) return false;
  // Every word directly followed by "(": a call of a pure built-in or a keyword; quoted, qualified
  // ("x.f(") or anything else is a write.
  for (const match of sql.matchAll(/([^\s(]*?)([a-z_][a-z0-9_$]*|"[^"]*")\s*\(/gi)) {
    const [, before = '', word = ''] = match;
    if (before.endsWith('.') || before.endsWith('::') || word.startsWith('"')) return false;
    const name = word.toLowerCase();
    if (!PURE_FUNCTIONS.has(name) && !KEYWORDS_BEFORE_PARENTHESIS.has(name)) return false;
  }
  return true;
}

export type Job = { isRead: boolean; run: () => Promise<unknown> };

export type DispatchQueue = {
  /** Queues a job; it runs when PGlite is free and it is chosen (reads first, bounded). */
  push: (job: Job) => void;
  /** Resolves once nothing runs and nothing waits (close waits for this). */
  drained: () => Promise<void>;
};

/**
 * One job at a time. The next is chosen in a later event-loop turn (setImmediate), so the worker has
 * received every message already posted to it and a read posted during a write is seen before the
 * next write starts.
 */
export function createDispatchQueue(readsBeforeAWrite = READS_BEFORE_A_WRITE): DispatchQueue {
  const reads: Job[] = [];
  const writes: Job[] = [];
  const idle: (() => void)[] = [];
  let isRunning = false;
  let isScheduled = false;
  /** Reads chosen while a write waited, since a write last ran. */
  let readsAhead = 0;

  const next = (): Job | undefined => {
    if (reads.length > 0 && (writes.length === 0 || readsAhead < readsBeforeAWrite)) {
      if (writes.length > 0) readsAhead++;
      return reads.shift();
    }
    readsAhead = 0;
    return writes.shift();
  };

  const dispatch = () => {
    isScheduled = false;
    if (isRunning) return;
    const job = next();
    if (!job) {
      for (const resolve of idle.splice(0)) resolve();
      return;
    }
    isRunning = true;
    const done = () => {
      isRunning = false;
      schedule();
    };
    new Promise((resolve) => resolve(job.run())).then(done, done);
  };

  const schedule = () => {
    if (isScheduled) return;
    isScheduled = true;
    setImmediate(dispatch);
  };

  return {
    push: (job) => {
      (job.isRead ? reads : writes).push(job);
      schedule();
    },
    drained: () =>
      new Promise((resolve) => {
        idle.push(resolve);
        schedule();
      }),
  };
}
