/**
 * One paid analysis, reserve first: one conditional write takes the credit and records the pending analysis (the
 * per-user lock) before any pixel is decoded; success writes the rating and closes the reservation in one transaction;
 * a refused photo (422) or any failure refunds the credit and closes the reservation. See reservations.ts.
 */
import { logger } from '../logging.ts';
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AnalysisResult } from '#shared/schemas.ts';
import type { Caller } from '../http/auth.ts';
import { HttpError } from '../http/errors.ts';
import { cancellationReasons, sleep, systemClock, type Clock, type Db } from './db.ts';
import { fitPair } from './images.ts';
import { progressFor, toResult, type RatingFields, type RatingItem } from './ratings.ts';
import { closeReservationItem, refundReservation, reservationLost, reserveAnalysis } from './reservations.ts';
import { checkRefusalAllowance, countRefusal } from './refusals.ts';
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

export interface AnalyzeOptions {
  /** the client's id for this call (X-Client-Request-Id), stored on the rating so a client that lost the answer finds it */
  clientRequestId?: string;
}

export async function analyzeForUser(
  deps: AnalyzeDeps,
  caller: Caller,
  input: AnalyzeInput,
  opts: AnalyzeOptions = {},
): Promise<AnalysisResult> {
  const clock = deps.clock ?? systemClock;
  await ensureProfile(deps, caller);
  await checkRefusalAllowance(deps, caller.userId);
  const id = (deps.newId ?? randomUUID)();
  await reserveAnalysis(deps, caller.userId, id);

  let item: RatingItem;
  try {
    item = await analyseAndRecord(deps, caller, input, id, opts, clock);
  } catch (err) {
    const refused = err instanceof HttpError && err.statusCode < 500;
    await refundReservation(deps, caller.userId, id, refused ? 'refused' : 'failed').catch((refundErr) =>
      // the reservation then expires and is refunded by the user's next request
      logger.error('refund failed', { userId: caller.userId, reservationId: id, error: String(refundErr) }),
    );
    if (err instanceof HttpError && err.statusCode === 422) {
      await countRefusal(deps, caller.userId).catch((countErr) =>
        logger.error('refusal not counted', { userId: caller.userId, error: String(countErr) }),
      );
    }
    throw err;
  }

  if (input.kind === 'upload') {
    // the photo has served its purpose; it is not kept longer than needed
    await deleteUpload(deps.db, input.uploadId).catch((err) =>
      logger.warn('upload delete failed', { error: String(err) }),
    );
  }
  // the change since the previous rating, from stored measurements; the credit is spent, so this never fails the request
  const progress = await progressFor(deps.db, item).catch((err) => {
    logger.warn('progress not computed', { ratingId: item.id, error: String(err) });
    return undefined;
  });
  return { ...toResult(item, { withOverlay: true }), ...(progress !== undefined ? { progress } : {}) };
}

/** The work a reservation pays for: read the photo, analyse it, then store the rating and close the reservation. */
async function analyseAndRecord(
  deps: AnalyzeDeps,
  caller: Caller,
  input: AnalyzeInput,
  id: string,
  opts: AnalyzeOptions,
  clock: Clock,
): Promise<RatingItem> {
  const bytes = input.kind === 'image' ? input.bytes : await readUpload(deps, input.uploadId);
  const analysis = await deps.analyze(bytes);
  const [thumbnail, overlay] = await fitPair(analysis.thumbnailJpeg, analysis.overlayJpeg, MAX_RATING_IMAGE_BYTES);
  const at = clock.now().toISOString();
  const item: RatingItem = {
    id,
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
    ...(opts.clientRequestId ? { clientRequestId: opts.clientRequestId } : {}),
  };
  await recordAndClose(deps.db, item);
  return item;
}

/** The transaction: close the reservation (condition: still this analysis's) and put the rating (condition: new id). Retries conflicts. */
export async function recordAndClose(db: Db, item: RatingItem): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            closeReservationItem(db, item.userId, item.id, item.createdAt),
            { Put: { TableName: db.tables.ratings, Item: item, ConditionExpression: 'attribute_not_exists(id)' } },
          ],
        }),
      );
      return;
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (reasons?.[0]?.Code === 'ConditionalCheckFailed') throw reservationLost();
      const conflict =
        (reasons && reasons.some((r) => r.Code === 'TransactionConflict')) ||
        (err as { name?: string })?.name === 'TransactionConflictException' ||
        (err as { name?: string })?.name === 'TransactionInProgressException';
      if (!conflict || attempt >= MAX_TRANSACTION_ATTEMPTS) throw err;
      await sleep(10 + Math.random() * 25 * Math.min(attempt, 6));
    }
  }
}
