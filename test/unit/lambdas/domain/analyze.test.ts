/**
 * A face photo and a crown photo, one credit, on the in-memory stores: both photos are read before the one call to the
 * Analyze port; a refusal of either is named with the photo ("Crown photo: …", `details.photo`), refunds the credit and
 * counts as a refusal; one photo alone keeps its message as the engine wrote it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeForUser, type AnalysisOutput, type Analyze, type AnalyzePhotos } from '#lambdas/domain/analyze.ts';
import type { Caller } from '#lambdas/domain/caller.ts';
import type { Clock, Db } from '#lambdas/domain/db.ts';
import { photoRefused } from '#lambdas/domain/errors.ts';
import type { DomainEvent } from '#lambdas/domain/events.ts';
import { API_MESSAGES } from '#lambdas/domain/messages.ts';
import { refusalCounterKey } from '#lambdas/domain/refusals.ts';
import { newUploadId } from '#lambdas/domain/uploads.ts';
import { getUser } from '#lambdas/domain/users.ts';
import { callerWithCredits, standInAnalysis, standInCrown, tinyJpeg } from '#test/support/domain.ts';
import { CROWN_CAPTURE } from '#test/support/ratings.ts';
import { memoryDb } from '#test/support/memory-stores/index.ts';

const NOT_CROWN = 'This photo shows a face, not the top of your head.';
const now = new Date();
const clock: Clock = { now: () => now };
let face: Uint8Array;
let crown: Uint8Array;

beforeAll(async () => {
  face = await tinyJpeg();
  crown = new Uint8Array([...face, 0]); // other bytes: the test sees which photo went where
});

const userWith = (db: Db, credits: number): Promise<Caller> => callerWithCredits(db, credits, 'two');

/** an upload of the crown photo, as POST /api/upload stores it */
async function uploaded(db: Db, jpeg: Uint8Array): Promise<string> {
  const id = newUploadId();
  const expiresAt = Math.floor(now.getTime() / 1000) + 3600;
  await db.uploads.put({ id, kind: 'upload', jpeg, createdAt: now.toISOString(), expiresAt });
  return id;
}

/** the engine's answer to both photos: the combined result and the crown's own part */
const both = (): AnalysisOutput => ({ ...standInAnalysis(face), crown: standInCrown(crown) });

type PortOptions = Parameters<Analyze>[1];

/** an Analyze port that records what it was given */
function recording(answer: (photos: AnalyzePhotos) => AnalysisOutput): {
  analyze: Analyze;
  calls: AnalyzePhotos[];
  options: PortOptions[];
} {
  const calls: AnalyzePhotos[] = [];
  const options: PortOptions[] = [];
  return {
    calls,
    options,
    analyze: async (photos, opts) => {
      calls.push(photos);
      options.push(opts);
      return answer(photos);
    },
  };
}

const balance = async (db: Db, userId: string) => (await getUser({ db }, userId))?.credits;
const refusals = (db: Db, userId: string) => db.counters.read(refusalCounterKey(userId, now).id);
const image = (bytes: Uint8Array) => ({ kind: 'image' as const, bytes });

describe('two photos, one credit (in-memory stores)', () => {
  it('reads both photos, then analyses them in one call; the rating keeps the crown part', async () => {
    const db = memoryDb();
    const who = await userWith(db, 1);
    const port = recording(both);
    const result = await analyzeForUser({ db, clock, analyze: port.analyze }, who, image(face), {
      crown: { kind: 'upload', uploadId: await uploaded(db, crown) },
    });
    expect(port.calls).toHaveLength(1);
    expect(Buffer.from(port.calls[0]!.face).equals(Buffer.from(face))).toBe(true);
    expect(Buffer.from(port.calls[0]!.crown!).equals(Buffer.from(crown))).toBe(true);
    expect(result.crown).toMatchObject({ norwoodStage: 4, stageEstimate: 4.2, faceStageEstimate: 2.1 });
    expect(result.crown?.captureConditions).toEqual(CROWN_CAPTURE);
    expect(await balance(db, who.userId)).toBe(0);
    // beside a crown photo the first photo is the hairline, said or not: the words name it so, as the rating does
    expect(port.options[0]?.photoOf).toBe('hairline');
    expect(result.photoOf).toBe('hairline');
  });

  it('tells the engine what the user said the one photo is of (the words name a photo measured from above by it)', async () => {
    const db = memoryDb();
    const who = await userWith(db, 3);
    const port = recording(() => standInAnalysis(face));
    const deps = { db, clock, analyze: port.analyze };
    await analyzeForUser(deps, who, image(face), { photoOf: 'hairline' });
    await analyzeForUser(deps, who, image(face), { photoOf: 'crown' });
    await analyzeForUser(deps, who, image(face));
    expect(port.options.map((o) => o?.photoOf)).toEqual(['hairline', 'crown', undefined]);
  });

  it('a refused crown photo is named "Crown photo: …", refunds the credit and counts as a refusal', async () => {
    const db = memoryDb();
    const who = await userWith(db, 1);
    const events: DomainEvent[] = [];
    const refuse: Analyze = async () => {
      throw photoRefused(NOT_CROWN, 'not_crown', 'crown');
    };
    const err = await analyzeForUser({ db, clock, analyze: refuse, events: (e) => events.push(e) }, who, image(face), {
      crown: image(crown),
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'photo-refused',
      message: `Crown photo: ${NOT_CROWN}`,
      details: { code: 'not_crown', photo: 'crown' },
    });
    expect(await balance(db, who.userId)).toBe(1);
    expect((await getUser({ db }, who.userId))?.pendingAnalysis).toBeUndefined();
    expect(await refusals(db, who.userId)).toBe(1);
    expect(events).toEqual([
      { type: 'credit-reserved' },
      { type: 'credit-refunded', reason: 'refused' },
      { type: 'analysis-refused', reason: 'not_crown' },
    ]);
  });

  it('a refused face photo of two is named "Face photo: …" (details.photo "image")', async () => {
    const db = memoryDb();
    const who = await userWith(db, 1);
    const refuse: Analyze = async () => {
      throw photoRefused('This photo is too dark to see your hairline.', 'too_dark', 'face');
    };
    await expect(
      analyzeForUser({ db, clock, analyze: refuse }, who, image(face), { crown: image(crown) }),
    ).rejects.toMatchObject({
      message: 'Face photo: This photo is too dark to see your hairline.',
      details: { code: 'too_dark', photo: 'image' },
    });
    expect(await balance(db, who.userId)).toBe(1);
  });

  it('one photo alone: the refusal keeps its message, with its code only', async () => {
    const db = memoryDb();
    const who = await userWith(db, 1);
    const refuse: Analyze = async () => {
      throw photoRefused('This photo is too dark to see your hairline.', 'too_dark', 'face');
    };
    const err = await analyzeForUser({ db, clock, analyze: refuse }, who, image(face)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'photo-refused', message: 'This photo is too dark to see your hairline.' });
    expect((err as { details: unknown }).details).toEqual({ code: 'too_dark' });
    expect(await balance(db, who.userId)).toBe(1);
    expect(await refusals(db, who.userId)).toBe(1);
  });

  it('the same upload, or the same file, as both photos: refused (invalid input), nothing analysed, nothing charged', async () => {
    const db = memoryDb();
    const who = await userWith(db, 1);
    const port = recording(both);
    const deps = { db, clock, analyze: port.analyze };
    const once = await uploaded(db, crown);
    const same = [
      [
        { kind: 'upload' as const, uploadId: once },
        { kind: 'upload' as const, uploadId: once },
      ],
      [image(crown), image(Uint8Array.from(crown))],
      // two uploads of one file: found when they are read, the reservation refunded
      [
        { kind: 'upload' as const, uploadId: await uploaded(db, face) },
        { kind: 'upload' as const, uploadId: await uploaded(db, face) },
      ],
    ] as const;
    for (const [first, second] of same) {
      await expect(analyzeForUser(deps, who, first, { crown: second }), JSON.stringify(first)).rejects.toMatchObject({
        code: 'invalid-input',
        message: API_MESSAGES.samePhotoTwice,
      });
      expect(await balance(db, who.userId)).toBe(1);
      expect((await getUser({ db }, who.userId))?.pendingAnalysis).toBeUndefined();
    }
    expect(port.calls).toHaveLength(0);
    expect(await refusals(db, who.userId)).toBe(0);
  });

  it('a crown upload gone meanwhile is a not-found naming the crown, before any photo is analysed', async () => {
    const db = memoryDb();
    const who = await userWith(db, 1);
    const port = recording(both);
    const err = await analyzeForUser({ db, clock, analyze: port.analyze }, who, image(face), {
      crown: { kind: 'upload', uploadId: newUploadId() },
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'not-found',
      message: `Crown photo: ${API_MESSAGES.uploadNotFound}`,
      details: { photo: 'crown' },
    });
    expect(port.calls).toHaveLength(0);
    expect(await balance(db, who.userId)).toBe(1);
    expect(await refusals(db, who.userId)).toBe(0);
  });
});
