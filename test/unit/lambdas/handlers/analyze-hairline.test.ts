/**
 * What the user said the photo is of (`photoOf`, issue 55 item 5): sent with POST /api/analyze-hairline, validated,
 * stored with the rating and answered with it, and the kind of photo it names (shared/view-kinds.ts) is what progress
 * compares. A bowed head whose face the engine misses is measured from above like a crown photo; taken as a hairline
 * photo it is the hairline from above, never a crown.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult, Measurements } from '#shared/schemas.ts';
import { viewKindOf } from '#shared/view-kinds.ts';
import { analyzeForUser, type Analyze, type AnalysisOutput } from '#lambdas/domain/analyze.ts';
import { answerIdentity } from '#lambdas/domain/identity.ts';
import type { Caller } from '#lambdas/domain/caller.ts';
import type { Clock, Db } from '#lambdas/domain/db.ts';
import { newUploadId } from '#lambdas/domain/uploads.ts';
import { getUser } from '#lambdas/domain/users.ts';
import { makeHandler } from '#lambdas/handlers/analyze-hairline.ts';
import { callerWithCredits, standInAnalysis, standInCrown, tinyJpeg } from '#test/support/domain.ts';
import { memoryDb } from '#test/support/memory-stores/index.ts';
import { frontMeasurements, topMeasurements } from '#test/support/ratings.ts';
import { event, multipartBody } from '#test/support/lambda-event.ts';

let jpeg: Uint8Array;
let crownJpeg: Uint8Array;
beforeAll(async () => {
  jpeg = await tinyJpeg();
  crownJpeg = new Uint8Array([...jpeg, 0]);
});

let tick = Date.parse('2026-11-01T10:00:00.000Z');
/** each analysis a minute after the last: progress reads the earlier ones by time */
const clock: Clock = { now: () => new Date((tick += 60_000)) };

/** an engine that measures every face photo with `measurements` (view 'top': a head seen from above, no face) */
function engine(measurements: Measurements, score = 50): Analyze {
  return async (photos): Promise<AnalysisOutput> => ({
    ...standInAnalysis(photos.face),
    score,
    measurements,
    ...(photos.crown ? { crown: standInCrown(photos.crown) } : {}),
  });
}

const signedIn = (who: Caller) =>
  ({
    ...event().requestContext,
    authorizer: { jwt: { claims: { sub: who.userId, token_use: 'id' }, scopes: [] } },
  }) as never;

async function post(db: Db, who: Caller, parts: Parameters<typeof multipartBody>[0], analyze: Analyze) {
  const { body, contentType } = multipartBody(parts);
  const res = await makeHandler({ db: () => db, analyze: async () => analyze })(
    event({
      headers: { 'content-type': contentType },
      body: body.toString('base64'),
      isBase64Encoded: true,
      requestContext: signedIn(who),
    }),
  );
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null') as AnalysisResult & { message?: string } };
}

const photo = () => ({ name: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data: jpeg });
const credits = async (db: Db, who: Caller) => (await getUser({ db }, who.userId))?.credits;

describe('photoOf on POST /api/analyze-hairline', () => {
  it('is stored with the rating and answered: a face-slot photo read from above is the hairline from above', async () => {
    const db = memoryDb();
    const who = await callerWithCredits(db, 1, 'above');
    const res = await post(db, who, [photo(), { name: 'photoOf', value: 'hairline' }], engine(topMeasurements()));
    expect(res.status).toBe(200);
    expect(res.body.measurements.view).toBe('top');
    expect(res.body.photoOf).toBe('hairline');
    const stored = await db.ratings.get(res.body.id);
    expect(stored?.photoOf).toBe('hairline');
    expect(viewKindOf(res.body)).toBe('above');
    // lists and the account's export carry it too
    const page = await db.ratings.summaries(who.userId, {});
    expect(page.items[0]?.photoOf).toBe('hairline');
  });

  it('a value other than "hairline" or "crown" is a 400 before any credit is taken', async () => {
    const db = memoryDb();
    const who = await callerWithCredits(db, 1, 'bad');
    const res = await post(db, who, [photo(), { name: 'photoOf', value: 'scalp' }], engine(topMeasurements()));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/photoOf/);
    expect(await credits(db, who)).toBe(1);
  });

  it('old clients send none: the rating has none and keeps the engine view naming', async () => {
    const db = memoryDb();
    const who = await callerWithCredits(db, 1, 'old');
    const res = await post(db, who, [photo()], engine(topMeasurements()));
    expect(res.status).toBe(200);
    expect(res.body.photoOf).toBeUndefined();
    expect((await db.ratings.get(res.body.id))?.photoOf).toBeUndefined();
    expect(viewKindOf(res.body)).toBe('crown');
  });

  it('beside a crown photo the first photo is the hairline: "crown" there is a 400, none is stored as hairline', async () => {
    const db = memoryDb();
    const who = await callerWithCredits(db, 2, 'two');
    const crownPart = { name: 'crown', filename: 'crown.jpg', contentType: 'image/jpeg', data: crownJpeg };
    const refused = await post(
      db,
      who,
      [photo(), crownPart, { name: 'photoOf', value: 'crown' }],
      engine(topMeasurements()),
    );
    expect(refused.status).toBe(400);
    expect(await credits(db, who)).toBe(2);
    const ok = await post(db, who, [photo(), crownPart], engine(topMeasurements()));
    expect(ok.status).toBe(200);
    expect(ok.body.photoOf).toBe('hairline');
  });

  it('is read from a JSON body with an earlier upload', async () => {
    const db = memoryDb();
    const who = await callerWithCredits(db, 1, 'json');
    const id = newUploadId();
    // the handler reads the upload with the system's clock
    const at = new Date();
    await db.uploads.put({
      id,
      kind: 'upload',
      jpeg,
      createdAt: at.toISOString(),
      expiresAt: Math.floor(at.getTime() / 1000) + 3600,
    });
    const res = await makeHandler({ db: () => db, analyze: async () => engine(topMeasurements()) })(
      event({
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uploadId: id, photoOf: 'crown' }),
        requestContext: signedIn(who),
      }),
    );
    expect(res.statusCode).toBe(200);
    expect((JSON.parse(res.body ?? '{}') as AnalysisResult).photoOf).toBe('crown');
  });
});

describe('progress compares like with like by the kind of photo', () => {
  /** one analysis, then the owner's "yes, this is me" (no descriptor is stored here): the rating with its progress */
  async function rate(db: Db, who: Caller, analyze: Analyze, opts: Parameters<typeof analyzeForUser>[3] = {}) {
    const { id } = await analyzeForUser({ db, clock, analyze }, who, { kind: 'image', bytes: jpeg }, opts);
    return answerIdentity(db, who.userId, id, true);
  }

  it('a hairline from above is not compared with a crown photo, although both are measured from above', async () => {
    const db = memoryDb();
    const who = await callerWithCredits(db, 4, 'like');
    const crownAlone = await rate(db, who, engine(topMeasurements(), 30), { photoOf: 'crown' });
    const fromAbove = await rate(db, who, engine(topMeasurements(), 60), { photoOf: 'hairline' });
    expect(fromAbove.progress).toMatchObject({ previousId: crownAlone.id, previousView: 'top', previousKind: 'crown' });
    expect(fromAbove.progress?.scoreDelta).toBeUndefined();
    // the next hairline from above is compared with the last one, past the crown photo
    await rate(db, who, engine(topMeasurements(), 20), { photoOf: 'crown' });
    const again = await rate(db, who, engine(topMeasurements(), 64), { photoOf: 'hairline' });
    expect(again.progress).toMatchObject({ previousId: fromAbove.id, scoreDelta: 4 });
  });

  it("a two-photo rating's crown is compared with the last crown photo, never a hairline from above", async () => {
    const db = memoryDb();
    const who = await callerWithCredits(db, 3, 'crown');
    const crownAlone = await rate(db, who, engine(topMeasurements({ topCoverage: 0.5 })), { photoOf: 'crown' });
    await rate(db, who, engine(topMeasurements({ topCoverage: 0.9 })), { photoOf: 'hairline' });
    const two = await rate(db, who, engine(frontMeasurements()), { crown: { kind: 'image', bytes: crownJpeg } });
    expect(two.crown?.progress?.previousId).toBe(crownAlone.id);
  });

  it('ratings stored before photoOf keep their naming: a top view alone is a crown', async () => {
    const db = memoryDb();
    const who = await callerWithCredits(db, 2, 'before');
    const before = await rate(db, who, engine(topMeasurements(), 40));
    const crownNow = await rate(db, who, engine(topMeasurements(), 45), { photoOf: 'crown' });
    expect(crownNow.progress).toMatchObject({ previousId: before.id, scoreDelta: 5 });
  });
});
