/**
 * One paid analysis: check the balance first (the analysis is the expensive part), analyse, then take one credit and
 * write the rating in ONE DynamoDB transaction (credits >= 1), so a credit buys exactly one rating under any concurrency.
 * A rejected photo throws before the transaction: no credit is taken.
 */
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AnalysisResult } from '../../shared/schemas.ts';
import type { Caller } from '../http/auth.ts';
import { paymentRequired } from '../http/errors.ts';
import { cancellationReasons, sleep, systemClock, type Clock, type Db } from './db.ts';
import { fitPair } from './images.ts';
import { API_MESSAGES } from './messages.ts';
import { progressFor, toResult, type RatingFields, type RatingItem } from './ratings.ts';
import { deleteUpload, readUpload } from './uploads.ts';
import { ensureProfile } from './users.ts';

/** What the analysis engine returns (structurally the engine's HairlineAnalysis). */
export interface AnalysisOutput extends RatingFields {
  thumbnailJpeg: Uint8Array;
  overlayJpeg: Uint8Array;
}

/** Photo bytes → analysis; a photo the engine refuses throws an HttpError (422) that reaches the client as is. */
export type Analyze = (bytes: Uint8Array) => Promise<AnalysisOutput>;

export interface AnalyzeDeps {
  db: Db;
  analyze: Analyze;
  clock?: Clock;
  newId?: () => string;
}

export type AnalyzeInput = { kind: 'image'; bytes: Uint8Array } | { kind: 'upload'; uploadId: string };

/** Thumbnail + overlay stored with a rating stay under this many bytes together. */
export const MAX_RATING_IMAGE_BYTES = 150 * 1024;
const MAX_TRANSACTION_ATTEMPTS = 12;

export async function analyzeForUser(deps: AnalyzeDeps, caller: Caller, input: AnalyzeInput): Promise<AnalysisResult> {
  const clock = deps.clock ?? systemClock;
  const bytes = input.kind === 'image' ? input.bytes : await readUpload(deps, input.uploadId);

  const profile = await ensureProfile(deps, caller);
  if (!(profile.credits >= 1)) throw paymentRequired(API_MESSAGES.notEnoughCredits);

  const analysis = await deps.analyze(bytes);
  const [thumbnail, overlay] = await fitPair(analysis.thumbnailJpeg, analysis.overlayJpeg, MAX_RATING_IMAGE_BYTES);
  const at = clock.now().toISOString();
  const item: RatingItem = {
    id: (deps.newId ?? randomUUID)(),
    userId: caller.userId,
    isPremium: true,
    createdAt: at,
    updatedAt: at,
    score: analysis.score,
    rating: analysis.rating,
    recessionLevel: analysis.recessionLevel,
    density: analysis.density,
    foreheadSize: analysis.foreheadSize,
    hairlineAge: analysis.hairlineAge,
    yearsUntilBald: analysis.yearsUntilBald,
    health: analysis.health,
    commentary: analysis.commentary,
    hairstyleSuggestions: [...analysis.hairstyleSuggestions],
    norwoodStage: analysis.norwoodStage,
    norwoodConfidence: analysis.norwoodConfidence,
    measurements: analysis.measurements,
    thumbnail,
    overlay,
  };
  await chargeAndRecord(deps.db, item);
  if (input.kind === 'upload') {
    // the photo has served its purpose; it is not kept longer than needed
    await deleteUpload(deps.db, input.uploadId).catch((err) => console.warn(JSON.stringify({ level: 'WARN', message: 'upload delete failed', error: String(err) })));
  }
  // the change since the previous rating, from stored measurements; the credit is spent, so this never fails the request
  const progress = await progressFor(deps.db, item).catch((err) => {
    console.warn(JSON.stringify({ level: 'WARN', message: 'progress not computed', ratingId: item.id, error: String(err) }));
    return undefined;
  });
  return { ...toResult(item, { withOverlay: true }), ...(progress !== undefined ? { progress } : {}) };
}

/** The transaction: credits - 1 (condition credits >= 1) and the rating put (condition new id). Retries conflicts. */
export async function chargeAndRecord(db: Db, item: RatingItem): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: db.tables.users,
                Key: { userId: item.userId },
                UpdateExpression: 'SET credits = credits - :one, updatedAt = :now',
                ConditionExpression: 'attribute_exists(userId) AND credits >= :one',
                ExpressionAttributeValues: { ':one': 1, ':now': item.createdAt },
              },
            },
            {
              Put: { TableName: db.tables.ratings, Item: item, ConditionExpression: 'attribute_not_exists(id)' },
            },
          ],
        }),
      );
      return;
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (reasons?.[0]?.Code === 'ConditionalCheckFailed') throw paymentRequired(API_MESSAGES.notEnoughCredits);
      const conflict =
        (reasons && reasons.some((r) => r.Code === 'TransactionConflict')) ||
        (err as { name?: string })?.name === 'TransactionConflictException' ||
        (err as { name?: string })?.name === 'TransactionInProgressException';
      if (!conflict || attempt >= MAX_TRANSACTION_ATTEMPTS) throw err;
      await sleep(10 + Math.random() * 25 * Math.min(attempt, 6));
    }
  }
}
