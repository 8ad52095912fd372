/**
 * "Is this you?" on the in-memory stores: progress only between the user's own photos. Without the opt-in no descriptor
 * is asked for and every new rating asks; with it, a face like the owner's earlier ones joins their progress, one unlike
 * them is someone else's (its descriptor not kept). The answer route, turning the opt-in off, the export's flag and the
 * deletions.
 */
import { describe, expect, it } from 'vitest';
import { SAME_PERSON_MAX_DISTANCE, faceDistance } from '#shared/face-identity.ts';
import { AccountExportSchema, AnalysisResultSchema } from '#shared/schemas.ts';
import { deleteAccount } from '#lambdas/domain/account.ts';
import { analyzeForUser, type Analyze, type AnalysisOutput } from '#lambdas/domain/analyze.ts';
import type { Caller } from '#lambdas/domain/caller.ts';
import type { Clock, Db } from '#lambdas/domain/db.ts';
import { exportAccount } from '#lambdas/domain/export.ts';
import { deleteRating } from '#lambdas/domain/rating-deletion.ts';
import { makeHandler as makeAnswerHandler } from '#lambdas/handlers/answer-identity.ts';
import { makeHandler as makePatchMeHandler } from '#lambdas/handlers/patch-me.ts';
import { callerWithCredits, standInAnalysis, tinyJpeg } from '#test/support/domain.ts';
import { memoryDb } from '#test/support/memory-stores/index.ts';
import { CROWN_CAPTURE, topMeasurements } from '#test/support/ratings.ts';
import { event } from '#test/support/lambda-event.ts';

/** a face descriptor: a seeded pseudo-random direction, and `nudge` of another mixed in (a second photo of one face) */
function descriptor(seed: number, nudge = 0, nudgeSeed = seed + 1000): Float32Array {
  const at = (s: number, i: number) => Math.sin(s * 12.9898 + i * 78.233) * 43758.5453;
  const d = new Float32Array(1024);
  for (let i = 0; i < d.length; i++) d[i] = (at(seed, i) % 1) + nudge * (at(nudgeSeed, i) % 1);
  return d;
}
const ME = descriptor(1);
const ME_AGAIN = descriptor(1, 0.2);
const FRIEND = descriptor(2);

let tick = Date.parse('2026-11-01T10:00:00.000Z');
const clock: Clock = { now: () => new Date((tick += 60_000)) };

/** the engine's answer, with `faceDescriptor` only when it was asked for one */
function engine(face: Float32Array | undefined, calls: boolean[] = []): Analyze {
  return async (photos, opts) => {
    calls.push(opts?.describeFace === true);
    const jpeg = photos.face;
    const out: AnalysisOutput = standInAnalysis(jpeg);
    return face && opts?.describeFace ? { ...out, faceDescriptor: face } : out;
  };
}

const rate = async (db: Db, who: Caller, analyze: Analyze) =>
  analyzeForUser({ db, clock, analyze }, who, { kind: 'image', bytes: await tinyJpeg() });

const signedIn = (who: Caller) =>
  ({
    ...event().requestContext,
    authorizer: { jwt: { claims: { sub: who.userId, token_use: 'id' }, scopes: [] } },
  }) as never;

async function patchMe(db: Db, who: Caller, body: unknown) {
  return makePatchMeHandler({ db: () => db })(
    event({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      requestContext: signedIn(who),
    }),
  );
}

async function answer(db: Db, who: Caller, id: string, body: unknown) {
  const res = await makeAnswerHandler({ db: () => db })(
    event({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      pathParameters: { id },
      requestContext: signedIn(who),
    }),
  );
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null') as unknown };
}

const stored = async (db: Db, id: string) => (await db.ratings.get(id))!;

describe('the threshold the stand-in descriptors meet', () => {
  it('a second photo of one face is within it, another face far outside', () => {
    expect(faceDistance(ME, ME_AGAIN)).toBeLessThan(SAME_PERSON_MAX_DISTANCE);
    expect(faceDistance(ME, FRIEND)).toBeGreaterThan(SAME_PERSON_MAX_DISTANCE);
  });
});

describe('without progress tracking (the default)', () => {
  it('asks for no descriptor, stores none, and every new rating asks "Is this you?" before it joins the progress', async () => {
    const db = memoryDb();
    const who = await callerWithCredits(db, 3, 'off');
    const asked: boolean[] = [];
    const first = await rate(db, who, engine(ME, asked));
    const second = await rate(db, who, engine(ME, asked));
    expect(asked).toEqual([false, false]);
    expect(second).toMatchObject({ identity: 'unconfirmed', faceDescriptorStored: false, progress: null });
    expect((await stored(db, second.id)).faceDescriptor).toBeUndefined();

    // yes to the first: the second still asks and has no progress until it is answered too
    expect((await answer(db, who, first.id, { isYou: true })).body).toMatchObject({ identity: 'you', progress: null });
    const yes = await answer(db, who, second.id, { isYou: true });
    expect(yes.status).toBe(200);
    const answered = AnalysisResultSchema.parse(yes.body);
    expect(answered).toMatchObject({ identity: 'you', identityBy: 'answer', progress: { previousId: first.id } });
  });

  it('"no": someone else\'s rating stays out of the progress, and a later one of the user skips it', async () => {
    const db = memoryDb();
    const who = await callerWithCredits(db, 3, 'friend');
    const mine = await rate(db, who, engine(undefined));
    await answer(db, who, mine.id, { isYou: true });
    const friends = await rate(db, who, engine(undefined));
    expect((await answer(db, who, friends.id, { isYou: false })).body).toMatchObject({
      identity: 'someone-else',
      progress: null,
    });
    const later = await rate(db, who, engine(undefined));
    const body = (await answer(db, who, later.id, { isYou: true })).body;
    expect(body).toMatchObject({ progress: { previousId: mine.id } });
  });

  it('a crown photo alone asks once: the answer stays with the rating', async () => {
    const db = memoryDb();
    const who = await callerWithCredits(db, 1, 'crown');
    const top: Analyze = async (photos) => ({
      ...standInAnalysis(photos.face),
      measurements: topMeasurements(),
      captureConditions: CROWN_CAPTURE,
    });
    const alone = await rate(db, who, top);
    expect(alone.identity).toBe('unconfirmed');
    await answer(db, who, alone.id, { isYou: true });
    expect((await stored(db, alone.id)).identity).toBe('you');
  });
});

describe('with progress tracking on', () => {
  async function trackingUser(db: Db, name: string): Promise<Caller> {
    const who = await callerWithCredits(db, 5, name);
    const res = await patchMe(db, who, { progressTracking: true });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toMatchObject({ progressTracking: true });
    return who;
  }

  it('the first face asks once (its descriptor kept); a face like it then joins the progress, another face does not', async () => {
    const db = memoryDb();
    const who = await trackingUser(db, 'on');
    const asked: boolean[] = [];
    const first = await rate(db, who, engine(ME, asked));
    expect(first).toMatchObject({ identity: 'unconfirmed', faceDescriptorStored: true, progress: null });
    await answer(db, who, first.id, { isYou: true });

    const again = await rate(db, who, engine(ME_AGAIN, asked));
    expect(again).toMatchObject({ identity: 'you', identityBy: 'face', progress: { previousId: first.id } });

    const friend = await rate(db, who, engine(FRIEND, asked));
    expect(friend).toMatchObject({ identity: 'someone-else', identityBy: 'face', progress: null });
    // another person's face is not kept
    expect((await stored(db, friend.id)).faceDescriptor).toBeUndefined();
    expect(friend.faceDescriptorStored).toBe(false);

    // the next photo of the user is compared with their own previous one, never the friend's
    const third = await rate(db, who, engine(ME, asked));
    expect(third).toMatchObject({ identity: 'you', progress: { previousId: again.id } });
    expect(asked).toEqual([true, true, true, true]);
  });

  it('the export says a descriptor is stored, never its numbers', async () => {
    const db = memoryDb();
    const who = await trackingUser(db, 'export');
    await rate(db, who, engine(ME));
    const doc = await exportAccount({ db, clock }, who);
    expect(() => AccountExportSchema.parse(doc)).not.toThrow();
    expect(doc.profile.progressTracking).toBe(true);
    expect(doc.ratings[0]).toMatchObject({ faceDescriptorStored: true, identity: 'unconfirmed' });
    expect(JSON.stringify(doc)).not.toMatch(/"faceDescriptor"/);
  });

  it('turning it off deletes every stored descriptor; later ratings ask again', async () => {
    const db = memoryDb();
    const who = await trackingUser(db, 'off-again');
    const first = await rate(db, who, engine(ME));
    await answer(db, who, first.id, { isYou: true });
    const second = await rate(db, who, engine(ME_AGAIN));
    expect((await stored(db, second.id)).faceDescriptor).toBeDefined();
    const res = await patchMe(db, who, { progressTracking: false });
    expect(JSON.parse(res.body!)).toMatchObject({ progressTracking: false });
    for (const id of [first.id, second.id]) expect((await stored(db, id)).faceDescriptor).toBeUndefined();
    // the identities the user settled stay: only the face prints go
    expect((await stored(db, second.id)).identity).toBe('you');
    const asked: boolean[] = [];
    expect(await rate(db, who, engine(ME, asked))).toMatchObject({ identity: 'unconfirmed' });
    expect(asked).toEqual([false]);
  });

  it('a descriptor goes with its rating and with the account', async () => {
    const db = memoryDb();
    const who = await trackingUser(db, 'gone');
    const one = await rate(db, who, engine(ME));
    const two = await rate(db, who, engine(ME_AGAIN));
    await deleteRating(db, who.userId, one.id);
    expect(await db.ratings.get(one.id)).toBeUndefined();
    await deleteAccount(
      {
        db,
        identity: { deleteUser: async () => undefined },
        payments: async () => ({ deleteCustomer: async () => undefined, customersOf: async () => [] }),
      },
      who,
    );
    expect(await db.ratings.get(two.id)).toBeUndefined();
    const left = [...db.tables.ratings.values()].filter((r) => r.userId === who.userId);
    expect(left).toEqual([]);
  });
});

describe('PATCH /api/ratings/{id} ("Is this you?")', () => {
  it("someone else's rating or an unknown id is a 404; a body without a yes or no is a 400", async () => {
    const db = memoryDb();
    const owner = await callerWithCredits(db, 1, 'owner');
    const other = await callerWithCredits(db, 0, 'other');
    const rating = await rate(db, owner, engine(undefined));
    expect((await answer(db, other, rating.id, { isYou: true })).status).toBe(404);
    expect((await answer(db, owner, 'missing', { isYou: true })).status).toBe(404);
    expect((await answer(db, owner, rating.id, { isYou: 'yes' })).status).toBe(400);
    expect((await answer(db, owner, rating.id, {})).status).toBe(400);
    expect((await stored(db, rating.id)).identity).toBe('unconfirmed');
  });
});
