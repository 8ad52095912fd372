/**
 * Per-user limits on the costly signed-in calls that are not analyses (an analysis is limited by its reservation, one in
 * flight per user, and by the refusal limit): each counts the user's calls in the current clock hour (one atomic ADD on
 * an item of the uploads table that expires with the hour) and answers 429 above its limit.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tooManyRequests } from '../http/errors.ts';
import { systemClock, type Clock, type Db } from './db.ts';
import { API_MESSAGES } from './messages.ts';

const HOUR_MS = 3_600_000;

/** calls per user and clock hour: a checkout creates a Stripe customer and session; an export reads every rating */
export const HOURLY_LIMITS = { checkout: 30, export: 10 } as const;

export async function countUserCall(deps: { db: Db; clock?: Clock }, userId: string, what: keyof typeof HOURLY_LIMITS): Promise<void> {
  const hour = Math.floor((deps.clock ?? systemClock).now().getTime() / HOUR_MS);
  const out = await deps.db.doc.send(
    new UpdateCommand({
      TableName: deps.db.tables.uploads,
      Key: { id: `${what}#${userId}#${hour}` },
      UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :exp)',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':exp': ((hour + 2) * HOUR_MS) / 1000 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  if (Number(out.Attributes?.count ?? 0) > HOURLY_LIMITS[what]) throw tooManyRequests(API_MESSAGES.tooManyCalls);
}
