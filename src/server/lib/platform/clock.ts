/** Time as the app sees it. Services call clock.now(), never `new Date()`, so tests can move it. */
export type Clock = {
  now: () => Date;
  /** Shift the clock (tests and ENABLE_TEST_HOOKS only). */
  advance: (ms: number) => void;
  /** Pin the clock to a moment, or back to real time with null. */
  set: (at: Date | null) => void;
};

export function createClock(start?: Date): Clock {
  let offsetMs = start ? start.getTime() - Date.now() : 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
    set: (at) => {
      offsetMs = at ? at.getTime() - Date.now() : 0;
    },
  };
}
