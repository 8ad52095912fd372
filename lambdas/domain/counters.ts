/**
 * Counters of the rate limits (uploads per client and minute, refusals and costly calls per user and hour): one item
 * per counter and time window in the uploads table, one atomic ADD per event, gone with the table's TTL after its window.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
  const out = await deps.db.doc.send(
    new UpdateCommand({
      TableName: deps.db.tables.uploads,
      Key: { id: `${name}#${w.n}` },
      UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :exp)',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':exp': w.expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.count ?? 0);
}

/** `name`'s count in the current window, without counting. */
export async function readCount(deps: CounterDeps, name: string, windowMs: number): Promise<number> {
  const out = await deps.db.doc.send(
    new GetCommand({
      TableName: deps.db.tables.uploads,
      Key: { id: `${name}#${windowOf(deps, windowMs).n}` },
      ConsistentRead: true,
    }),
  );
  return Number(out.Item?.count ?? 0);
}

/** the item key of `name`'s counter for the window holding `at` */
export const counterKey = (name: string, at: Date, windowMs: number) => ({
  id: `${name}#${Math.floor(at.getTime() / windowMs)}`,
});

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
