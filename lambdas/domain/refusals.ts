/**
 * Refused photos cost the user nothing, but each one has run the checks and, past the cheap ones, the face models (and in
 * AWS a paid Rekognition call): so a user may have at most MAX_REFUSALS_PER_HOUR refused analyses in a clock hour,
 * counted in the uploads table (an item per user and hour, expiring with it). The count is checked before the credit is
 * reserved, and analyses of one user never run at once (the reservation is the per-user lock), so it cannot be overshot.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tooManyRequests } from '../http/errors.ts';
import { systemClock, type Clock, type Db } from './db.ts';
import { API_MESSAGES } from './messages.ts';

export const MAX_REFUSALS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

interface RefusalDeps { db: Db; clock?: Clock }

const keyOf = (userId: string, hour: number) => ({ id: `refusals#${userId}#${hour}` });
const hourOf = (deps: RefusalDeps) => Math.floor((deps.clock ?? systemClock).now().getTime() / HOUR_MS);

/** the key of the user's refusal counter for the hour holding `at` (in the uploads table) */
export const refusalCounterKey = (userId: string, at: Date) => keyOf(userId, Math.floor(at.getTime() / HOUR_MS));

/** 429 when the user has used up this hour's refused analyses; nothing is reserved or run then. */
export async function checkRefusalAllowance(deps: RefusalDeps, userId: string): Promise<void> {
  const out = await deps.db.doc.send(new GetCommand({ TableName: deps.db.tables.uploads, Key: keyOf(userId, hourOf(deps)), ConsistentRead: true }));
  if (Number(out.Item?.count ?? 0) >= MAX_REFUSALS_PER_HOUR) throw tooManyRequests(API_MESSAGES.tooManyRefusals(MAX_REFUSALS_PER_HOUR));
}

/** Counts one refused analysis for the user in the current hour (atomic ADD). */
export async function countRefusal(deps: RefusalDeps, userId: string): Promise<number> {
  const hour = hourOf(deps);
  const out = await deps.db.doc.send(
    new UpdateCommand({
      TableName: deps.db.tables.uploads,
      Key: keyOf(userId, hour),
      UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :exp)',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':exp': ((hour + 2) * HOUR_MS) / 1000 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.count ?? 0);
}
