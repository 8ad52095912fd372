/**
 * A route's concurrency limit in the local gateway. Lambda scales out under a burst; one gateway process on a 2-core
 * machine cannot, so at most `limit` invocations of a route run at once and the rest wait their turn in arrival order
 * (the integration timeout starts when an invocation does, as Lambda's would).
 */
export interface Limiter {
  /** resolves with a release function once a slot is free; releasing twice frees one slot */
  acquire(): Promise<() => void>;
  readonly active: number;
  readonly queued: number;
}

export function createLimiter(limit: number): Limiter {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`concurrency limit must be a positive integer: ${limit}`);
  let active = 0;
  const waiting: (() => void)[] = [];
  const slot = () => {
    active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active--;
      waiting.shift()?.();
    };
  };
  return {
    acquire: () =>
      active < limit && waiting.length === 0
        ? Promise.resolve(slot())
        : new Promise((ok) => waiting.push(() => ok(slot()))),
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}
