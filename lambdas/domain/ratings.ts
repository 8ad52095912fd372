/**
 * Hairline ratings: the stored item, its wire shape, the owner's paginated history, progress since the previous rating,
 * and deletion (one rating, or all of an account's, each with its share link).
 */
import { BatchWriteCommand, DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AnalysisResult, CrownPart, Measurements, MetricDeltas, PhotoView, Progress } from '#shared/schemas.ts';
import { invalidInput, notFound } from './errors.ts';
import { CLIENT_REQUEST_ID_PATTERN } from '#shared/client-request-id.ts';
import { conditionDifferences, readingsOf } from '#shared/comparable.ts';
import { API_MESSAGES } from './messages.ts';
import { asBytes, isConditionalCheckFailed, sleep, type Db } from './db.ts';

export const BY_USER_INDEX = 'byUser';

/** A rating as stored: the result's fields plus owner and timestamps; thumbnail and overlay as Binary, never the photo. */
/** The analysis fields a rating keeps, in the API's shape. */
export type RatingFields = Pick<
  AnalysisResult,
  | 'score'
  | 'rating'
  | 'recessionLevel'
  | 'density'
  | 'foreheadSize'
  | 'hairlineAge'
  | 'yearsUntilBald'
  | 'health'
  | 'commentary'
  | 'hairstyleSuggestions'
  | 'norwoodStage'
  | 'norwoodConfidence'
  | 'measurements'
  | 'ageComparison'
  | 'captureConditions'
>;

/** The crown photo of a two-photo rating, as stored: its measurements and estimates, its thumbnail and overlay as Binary. */
export interface CrownItem extends Omit<CrownPart, 'imageBase64' | 'overlayBase64'> {
  thumbnail?: Uint8Array;
  overlay?: Uint8Array;
}

export interface RatingItem extends RatingFields {
  id: string;
  userId: string;
  /** always true: every stored rating was paid with a credit (the spec's "premium" flag is always true in results) */
  isPremium: boolean;
  createdAt: string;
  updatedAt: string;
  thumbnail: Uint8Array;
  overlay?: Uint8Array;
  /** the rating's active share link (shares table), if the owner made one */
  shareId?: string;
  /** the client's id of the analyze call that made it (X-Client-Request-Id) */
  clientRequestId?: string;
  /** the crown photo, when the analysis had one beside the face photo */
  crown?: CrownItem;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** The crown part's wire shape; its images only when asked (a rating's page, not lists). */
export function toCrownPart(crown: CrownItem, opts: { withImages: boolean }): CrownPart {
  const thumb = asBytes(crown.thumbnail);
  const overlay = asBytes(crown.overlay);
  return {
    measurements: crown.measurements,
    norwoodStage: crown.norwoodStage,
    stageEstimate: crown.stageEstimate,
    faceStageEstimate: crown.faceStageEstimate,
    ...(crown.captureConditions ? { captureConditions: crown.captureConditions } : {}),
    ...(opts.withImages && thumb ? { imageBase64: b64(thumb) } : {}),
    ...(opts.withImages && overlay ? { overlayBase64: b64(overlay) } : {}),
  };
}

/** Item → AnalysisResult (overlay, and the crown photo's images, only when asked and present). */
export function toResult(item: RatingItem, opts: { withOverlay: boolean }): AnalysisResult {
  const thumb = asBytes(item.thumbnail) ?? new Uint8Array();
  const overlay = asBytes(item.overlay);
  return {
    id: item.id,
    score: item.score,
    rating: item.rating,
    recessionLevel: item.recessionLevel,
    density: item.density,
    foreheadSize: item.foreheadSize,
    hairlineAge: item.hairlineAge,
    yearsUntilBald: item.yearsUntilBald,
    health: item.health,
    commentary: item.commentary,
    hairstyleSuggestions: item.hairstyleSuggestions,
    imageBase64: b64(thumb),
    ...(opts.withOverlay && overlay ? { overlayBase64: b64(overlay) } : {}),
    norwoodStage: item.norwoodStage,
    norwoodConfidence: item.norwoodConfidence,
    measurements: item.measurements,
    ...(item.ageComparison ? { ageComparison: item.ageComparison } : {}),
    ...(item.captureConditions ? { captureConditions: item.captureConditions } : {}),
    createdAt: item.createdAt,
    ...(item.clientRequestId ? { clientRequestId: item.clientRequestId } : {}),
    ...(item.crown ? { crown: toCrownPart(item.crown, { withImages: opts.withOverlay }) } : {}),
  };
}

// ---- cursors: opaque base64url of the GSI's LastEvaluatedKey, bound to its owner ----

export interface RatingsCursorKey {
  id: string;
  userId: string;
  createdAt: string;
}

export function encodeCursor(key: RatingsCursorKey): string {
  return Buffer.from(JSON.stringify({ id: key.id, userId: key.userId, createdAt: key.createdAt }), 'utf8').toString(
    'base64url',
  );
}

/** Decodes a cursor made by encodeCursor for this user; anything else is invalid input. */
export function decodeCursor(cursor: string, userId: string): RatingsCursorKey {
  const invalid = () => invalidInput(API_MESSAGES.invalidCursor);
  if (cursor.length === 0 || cursor.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid();
  const o = parsed as Record<string, unknown>;
  const keys = Object.keys(o).sort().join(',');
  if (keys !== 'createdAt,id,userId') throw invalid();
  if (typeof o.id !== 'string' || typeof o.userId !== 'string' || typeof o.createdAt !== 'string') throw invalid();
  if (!o.id || !o.createdAt || o.userId !== userId) throw invalid();
  return { id: o.id, userId: o.userId, createdAt: o.createdAt };
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

/** Parses `?limit=`: absent → 20; an integer 1..50; anything else is invalid input. */
export function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_PAGE_SIZE;
  if (!/^\d{1,3}$/.test(raw)) throw invalidInput(`limit must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  const n = Number(raw);
  if (n < 1 || n > MAX_PAGE_SIZE) throw invalidInput(`limit must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  return n;
}

export const SUMMARY_ATTRIBUTES = [
  'id',
  'userId',
  'isPremium',
  'createdAt',
  'updatedAt',
  'score',
  'rating',
  'recessionLevel',
  'density',
  'foreheadSize',
  'hairlineAge',
  'yearsUntilBald',
  'health',
  'commentary',
  'hairstyleSuggestions',
  'norwoodStage',
  'norwoodConfidence',
  'measurements',
  'ageComparison',
  'captureConditions',
  'thumbnail',
  'clientRequestId',
] as const;

/** The crown part's attributes a list reads: everything but its images. */
export const CROWN_SUMMARY_ATTRIBUTES = [
  'measurements',
  'norwoodStage',
  'stageEstimate',
  'faceStageEstimate',
  'captureConditions',
] as const;

/** ExpressionAttributeNames and the projection of the summary attributes (plus `extra`), the crown without its images. */
export function summaryProjection(attributes: readonly string[]): {
  names: Record<string, string>;
  projection: string;
} {
  const names: Record<string, string> = Object.fromEntries(attributes.map((a) => [`#${a}`, a]));
  names['#crown'] = 'crown';
  const crownNames = CROWN_SUMMARY_ATTRIBUTES.map((a) => `#crown_${a}`);
  CROWN_SUMMARY_ATTRIBUTES.forEach((a) => (names[`#crown_${a}`] = a));
  const projection = [...attributes.map((a) => `#${a}`), ...crownNames.map((n) => `#crown.${n}`)].join(', ');
  return { names, projection };
}

export interface RatingsPage {
  items: AnalysisResult[];
  nextCursor: string | null;
}

/** The user's ratings, newest first, without overlays. */
export async function listRatings(
  db: Db,
  userId: string,
  opts: { limit: number; cursor?: string },
): Promise<RatingsPage> {
  const start = opts.cursor ? decodeCursor(opts.cursor, userId) : undefined;
  const { items, last } = await newestSummaries(db, userId, { limit: opts.limit, start });
  return {
    items: items.map((item) => toResult(item, { withOverlay: false })),
    nextCursor: last ? encodeCursor(last) : null,
  };
}

/** How many of the newest ratings a client-request lookup reads: the call it asks about was one of the latest. */
export const CLIENT_REQUEST_LOOKBACK = 50;

/** The caller's rating made by the analyze call `clientRequestId` (a page of zero or one item). */
export async function findByClientRequest(db: Db, userId: string, clientRequestId: string): Promise<RatingsPage> {
  if (!CLIENT_REQUEST_ID_PATTERN.test(clientRequestId)) throw invalidInput(API_MESSAGES.invalidClientRequestId);
  // Limit bounds the items read; the filter then keeps the match among them
  const { items } = await newestSummaries(db, userId, {
    limit: CLIENT_REQUEST_LOOKBACK,
    filter: { expression: '#clientRequestId = :c', values: { ':c': clientRequestId } },
  });
  return { items: items.slice(0, 1).map((item) => toResult(item, { withOverlay: false })), nextCursor: null };
}

/** One page of the user's ratings from the byUser index, newest first, holding only the summary attributes. */
async function newestSummaries(
  db: Db,
  userId: string,
  opts: { limit: number; start?: RatingsCursorKey; filter?: { expression: string; values: Record<string, unknown> } },
): Promise<{ items: RatingItem[]; last?: RatingsCursorKey }> {
  const { names, projection } = summaryProjection(SUMMARY_ATTRIBUTES);
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.tables.ratings,
      IndexName: BY_USER_INDEX,
      KeyConditionExpression: '#userId = :u',
      ...(opts.filter ? { FilterExpression: opts.filter.expression } : {}),
      ExpressionAttributeValues: { ':u': userId, ...opts.filter?.values },
      ExpressionAttributeNames: names,
      ProjectionExpression: projection,
      ScanIndexForward: false,
      Limit: opts.limit,
      ExclusiveStartKey: opts.start,
    }),
  );
  return { items: (out.Items ?? []) as RatingItem[], last: out.LastEvaluatedKey as RatingsCursorKey | undefined };
}

/** Rating ids are UUIDs (or short fixture ids); anything longer is unknown without asking DynamoDB. */
export const MAX_RATING_ID_LENGTH = 128;

/** One of the caller's ratings, with the progress since the previous one; someone else's or unknown: not found. */
export async function getRating(db: Db, userId: string, id: string): Promise<AnalysisResult> {
  if (id.length > MAX_RATING_ID_LENGTH) throw notFound(API_MESSAGES.ratingNotFound);
  const out = await db.doc.send(new GetCommand({ TableName: db.tables.ratings, Key: { id } }));
  const item = out.Item as RatingItem | undefined;
  if (!item || item.userId !== userId) throw notFound(API_MESSAGES.ratingNotFound);
  const result = { ...toResult(item, { withOverlay: true }), progress: await progressFor(db, item) };
  if (result.crown) result.crown.progress = await crownProgressFor(db, item);
  return result;
}

// ---- progress: this rating against the user's previous one (stored measurements, no model call) ----

type ProgressFields = Pick<RatingItem, 'id' | 'createdAt' | 'score' | 'norwoodStage' | 'captureConditions'> & {
  measurements?: Partial<Measurements>;
};

const NUMERIC_MEASUREMENTS = ['hairlineHeightRatio', 'templeRecession', 'frontalCoverage', 'topCoverage'] as const;
const round4 = (n: number) => {
  const r = Math.round(n * 10_000) / 10_000;
  return Object.is(r, -0) ? 0 : r;
};
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Ratings stored before the engine told the view were all measured as front photos. */
export const viewOf = (r: Pick<ProgressFields, 'measurements'>): PhotoView => r.measurements?.view ?? 'front';

/**
 * Pure: `current` minus `previous` (a rating of the same view), score and each numeric measurement both have (rounded to
 * 4 decimals); no deltas when the photos were taken too differently to compare (shared/comparable.ts).
 */
export function progressBetween(current: ProgressFields, previous: ProgressFields): Progress {
  if (viewOf(current) !== viewOf(previous)) {
    return { previousId: previous.id, previousCreatedAt: previous.createdAt, previousView: viewOf(previous) };
  }
  const [now, before] = [current.captureConditions, previous.captureConditions];
  const differences = now && before ? conditionDifferences(readingsOf(now), readingsOf(before)) : [];
  if (differences.length > 0) {
    return { previousId: previous.id, previousCreatedAt: previous.createdAt, comparable: false, differences };
  }
  const deltas: MetricDeltas = {};
  for (const key of NUMERIC_MEASUREMENTS) {
    const now = current.measurements?.[key];
    const before = previous.measurements?.[key];
    if (isNumber(now) && isNumber(before)) deltas[key] = round4(now - before);
  }
  if (isNumber(current.norwoodStage) && isNumber(previous.norwoodStage))
    deltas.norwoodStage = Math.round(current.norwoodStage - previous.norwoodStage);
  return {
    previousId: previous.id,
    previousCreatedAt: previous.createdAt,
    scoreDelta: Math.round(current.score - previous.score),
    ...(Object.keys(deltas).length > 0 ? { metricDeltas: deltas } : {}),
    ...(now && before ? { comparable: true } : {}),
  };
}

/** how many of the user's earlier ratings are looked through for one of the same view */
export const PROGRESS_LOOKBACK = 50;

/**
 * The user's newest earlier rating of the same view as `item` (GSI byUser, newest first, at most PROGRESS_LOOKBACK back),
 * else the newest earlier rating of any view (to say it is not comparable); null when this is the first.
 */
export async function previousRating(
  db: Db,
  item: Pick<RatingItem, 'userId' | 'createdAt'> & Pick<ProgressFields, 'measurements'>,
): Promise<ProgressFields | null> {
  const earlier = await earlierRatings(db, item);
  return earlier.find((r) => viewOf(r) === viewOf(item)) ?? earlier[0] ?? null;
}

type EarlierRating = ProgressFields & {
  crown?: Pick<CrownItem, 'measurements' | 'norwoodStage' | 'captureConditions'>;
};

/** The user's ratings created before `item`, newest first (at most PROGRESS_LOOKBACK), with what progress compares. */
async function earlierRatings(db: Db, item: Pick<RatingItem, 'userId' | 'createdAt'>): Promise<EarlierRating[]> {
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.tables.ratings,
      IndexName: BY_USER_INDEX,
      KeyConditionExpression: '#userId = :u AND #createdAt < :c',
      ExpressionAttributeNames: {
        '#userId': 'userId',
        '#createdAt': 'createdAt',
        '#id': 'id',
        '#score': 'score',
        '#m': 'measurements',
        '#n': 'norwoodStage',
        '#crown': 'crown',
        '#cc': 'captureConditions',
      },
      ExpressionAttributeValues: { ':u': item.userId, ':c': item.createdAt },
      ProjectionExpression: '#id, #createdAt, #score, #m, #n, #cc, #crown.#m, #crown.#n, #crown.#cc',
      ScanIndexForward: false,
      Limit: PROGRESS_LOOKBACK,
    }),
  );
  return (out.Items ?? []) as EarlierRating[];
}

/**
 * The crown photo's change since the user's previous top view: the newest earlier crown photo, or earlier rating of a
 * crown photo alone (view 'top'). Coverage deltas and the crown's own Norwood stage; no score delta (the crown has no
 * score of its own). null when there is none.
 */
export async function crownProgressFor(
  db: Db,
  item: Pick<RatingItem, 'userId' | 'createdAt' | 'id'> & {
    crown?: Pick<CrownItem, 'measurements' | 'norwoodStage' | 'captureConditions'>;
  },
): Promise<Progress | null> {
  if (!item.crown) return null;
  const earlier = await earlierRatings(db, item);
  for (const r of earlier) {
    const top = r.crown ?? (viewOf(r) === 'top' ? r : null);
    if (!top) continue;
    const { scoreDelta: _ignored, ...progress } = progressBetween(
      { id: item.id, createdAt: item.createdAt, score: 0, ...item.crown },
      {
        id: r.id,
        createdAt: r.createdAt,
        score: 0,
        norwoodStage: top.norwoodStage,
        measurements: top.measurements,
        ...(top.captureConditions ? { captureConditions: top.captureConditions } : {}),
      },
    );
    return progress;
  }
  return null;
}

export async function progressFor(db: Db, item: ProgressFields & Pick<RatingItem, 'userId'>): Promise<Progress | null> {
  const previous = await previousRating(db, item);
  return previous ? progressBetween(item, previous) : null;
}

// ---- deletion ----

/** Deletes one of the caller's ratings and its share link; unknown, already deleted or someone else's: not found. */
export async function deleteRating(db: Db, userId: string, id: string): Promise<void> {
  if (id.length > MAX_RATING_ID_LENGTH) throw notFound(API_MESSAGES.ratingNotFound);
  let old: Record<string, unknown> | undefined;
  try {
    const out = await db.doc.send(
      new DeleteCommand({
        TableName: db.tables.ratings,
        Key: { id },
        // false for a missing item too: one answer for "not yours" and "not there"
        ConditionExpression: 'userId = :u',
        ExpressionAttributeValues: { ':u': userId },
        ReturnValues: 'ALL_OLD',
      }),
    );
    old = out.Attributes;
  } catch (err) {
    if (isConditionalCheckFailed(err)) throw notFound(API_MESSAGES.ratingNotFound);
    throw err;
  }
  // the share as it was at the moment of deletion (public reads also check that the rating still exists)
  if (typeof old?.shareId === 'string')
    await db.doc.send(new DeleteCommand({ TableName: db.tables.shares, Key: { shareId: old.shareId } }));
}

/** BatchWriteItem deletes, 25 at a time, unprocessed items retried with backoff. */
async function batchDelete(db: Db, table: string, keys: Record<string, string>[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let requests = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 8) throw new Error(`could not delete all items of ${table} (unprocessed items)`);
      if (attempt > 0) await sleep(50 * 2 ** attempt);
      const res = await db.doc.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (res.UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  }
}

/** Deletes every rating of the user and their share links (GSI query by owner, batches of 25). Returns how many ratings. */
export async function deleteAllRatings(db: Db, userId: string): Promise<number> {
  let deleted = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await db.doc.send(
      new QueryCommand({
        TableName: db.tables.ratings,
        IndexName: BY_USER_INDEX,
        KeyConditionExpression: 'userId = :u',
        ExpressionAttributeValues: { ':u': userId },
        ProjectionExpression: 'id, shareId',
        ExclusiveStartKey: startKey,
      }),
    );
    const items: Record<string, unknown>[] = out.Items ?? [];
    // shares first: the public links die before the ratings they show
    const shareIds = items.map((i) => i.shareId).filter((s): s is string => typeof s === 'string');
    await batchDelete(
      db,
      db.tables.shares,
      shareIds.map((shareId) => ({ shareId })),
    );
    // one by one, reading back what was deleted: a share made after the index was read (it lags) is not left behind
    for (const i of items) {
      const old = await db.doc.send(
        new DeleteCommand({ TableName: db.tables.ratings, Key: { id: String(i.id) }, ReturnValues: 'ALL_OLD' }),
      );
      const late: unknown = old.Attributes?.shareId;
      if (typeof late === 'string' && !shareIds.includes(late))
        await db.doc.send(new DeleteCommand({ TableName: db.tables.shares, Key: { shareId: late } }));
    }
    deleted += items.length;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return deleted;
}
