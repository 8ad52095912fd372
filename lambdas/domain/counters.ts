/**
 * Counters of the rate limits (uploads per client and minute, refusals and costly calls per user and hour): one counter
 * per name and time window (CounterStore), one atomic add per event, gone some time after its window.
 */
import { systemClock, type Clock, type Db } from './db.ts';

export interface CounterDeps {
  db: Db;
  clock?: Clock;
}

/** The window holding now: its number and when its counter may expire (one window later). */
function windowOf(deps: CounterDeps, windowMs: number): { n: number; expiresAt: number } {
  const n = Math.floor((deps.clock ?? systemClock).now().getTime() / windowMs);
  return { n, expiresAt: ((n + 2) * windowMs) / 1000 };
}

/** Adds one to `name`'s counter of the current window; returns the count afterwards. */
export async function countInWindow(deps: CounterDeps, name: string, windowMs: number): Promise<number> {
  const w = windowOf(deps, windowMs);
  return deps.db.counters.add(`${name}#${w.n}`, w.expiresAt);
}

/** `name`'s count in the current window, without counting. */
export async function readCount(deps: CounterDeps, name: string, windowMs: number): Promise<number> {
  return deps.db.counters.read(`${name}#${windowOf(deps, windowMs).n}`);
}

/** the item key of `name`'s counter for the window holding `at` */
export const counterKey = (name: string, at: Date, windowMs: number) => ({
  id: `${name}#${Math.floor(at.getTime() / windowMs)}`,
});

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
