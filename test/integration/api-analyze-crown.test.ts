/**
 * Two photos, one credit: a face photo and a crown photo in one analyze call (files or uploadIds), a refusal of either
 * naming the photo (credit refunded), and the largest pair of images a rating can hold stored and read back under
 * DynamoDB's item limit.
 */
import sharp from 'sharp';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { AnalysisResultSchema, RatingsPageSchema } from '#shared/schemas.ts';
import { analyzeForUser, type AnalysisOutput } from '#lambdas/domain/analyze.ts';
import { getRating } from '#lambdas/domain/ratings.ts';
import { api } from '../support/api.ts';
import { documentClient, userWithCredits } from '../support/users.ts';
import { namedPhoto, requireModels, type Skippable } from '../support/dataset-photos.ts';
import { creditsOf, imageForm, itIsMe, userItem } from './api-support.ts';
import { callerWithCredits, stackDb, standInAnalysis, tinyJpeg } from '../support/domain.ts';

const stack = inject('stack');
const T = 180_000;
/** a portrait from the front and a bowed selfie, a crown photo from above (dev photos: the test skips without them) */
async function photos(ctx: Skippable) {
  requireModels(ctx);
  const [front, bowed, crown] = await Promise.all([
    namedPhoto(ctx, 'portrait-full-1'),
    namedPhoto(ctx, 'bowed-1'),
    namedPhoto(ctx, 'full-1'),
  ]);
  return { faces: [front, bowed], crownPhoto: crown };
}

const analyze = (token: string, body: unknown) => api(stack, '/api/analyze-hairline', { method: 'POST', token, body });

function twoPhotoForm(face: Uint8Array, crown: Uint8Array): FormData {
  const form = imageForm(face);
  form.append('crown', new Blob([new Uint8Array(crown)], { type: 'image/jpeg' }), 'crown.jpg');
  return form;
}

/** DynamoDB's item size: attribute names plus values (strings in UTF-8, binaries as bytes, numbers up to 21 bytes). */
function itemBytes(value: unknown): number {
  if (value instanceof Uint8Array) return value.byteLength;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return 21;
  if (typeof value === 'boolean' || value === null || value === undefined) return 1;
  if (Array.isArray(value)) return 3 + value.reduce((n: number, v) => n + 1 + itemBytes(v), 0);
  return (
    3 +
    Object.entries(value as Record<string, unknown>).reduce(
      (n, [k, v]) => n + Buffer.byteLength(k) + 1 + itemBytes(v),
      0,
    )
  );
}

describe('POST /api/analyze-hairline with a crown photo', () => {
  it(
    'measures both photos in one call for one credit; one result holds both, read back by GET, listed with a marker',
    async (ctx) => {
      const { faces, crownPhoto } = await photos(ctx);
      const user = await userWithCredits(stack, 3, 'crown');
      const res = await analyze(user.idToken, twoPhotoForm(faces[0]!, crownPhoto));
      expect(res.status, res.text).toBe(200);
      const result = AnalysisResultSchema.parse(res.json);
      expect(['front', 'bowed']).toContain(result.measurements.view);
      expect(result.crown?.measurements.view).toBe('top');
      expect(result.crown?.measurements.topCoverage).toEqual(expect.any(Number));
      expect(result.crown?.imageBase64).toBeTruthy();
      expect(result.crown?.overlayBase64).toBeTruthy();
      // the crown photo's own score, beside the rating's combined one
      expect(result.crown?.score).toEqual(expect.any(Number));
      expect(result.overlayBase64).toBeTruthy();
      // the combined estimate is never below the face photo's own
      expect(result.ageComparison!.stageEstimate).toBeGreaterThanOrEqual(result.crown!.faceStageEstimate);
      expect(await creditsOf(stack, user.sub)).toBe(2);
      expect((await userItem(stack, user.sub))?.pendingAnalysis).toBeUndefined();

      const stored = await api(stack, `/api/ratings/${result.id}`, { token: user.idToken });
      expect(stored.status).toBe(200);
      expect(stored.json).toEqual(result);
      const list = RatingsPageSchema.parse((await api(stack, '/api/ratings', { token: user.idToken })).json);
      expect(list.items[0]?.crown?.measurements.view).toBe('top');
      expect(list.items[0]?.crown?.imageBase64).toBeUndefined();
      // the history's crown point
      expect(list.items[0]?.crown?.score).toBe(result.crown!.score);

      const { Item } = await documentClient(stack).send(
        new GetCommand({ TableName: stack.env.RATINGS_TABLE, Key: { id: result.id } }),
      );
      expect(itemBytes(Item)).toBeLessThan(300 * 1024);

      // sharing: the crown is named, its photos only when the owner includes the photo
      const share = await api(stack, `/api/ratings/${result.id}/share`, {
        method: 'POST',
        token: user.idToken,
        body: {},
      });
      expect(share.status, share.text).toBe(201);
      const publicView = (await api(stack, `/api/shares/${share.json.shareId}`)).json;
      expect(publicView.crownMeasured).toBe(true);
      // the crown's key figures (card, compare), nothing else of its measurements
      expect(publicView.crown).toEqual({
        norwoodStage: result.crown!.norwoodStage,
        frontalCoverage: result.crown!.measurements.frontalCoverage,
        topCoverage: result.crown!.measurements.topCoverage,
      });
      expect(publicView.crownImageBase64).toBeUndefined();
      expect(publicView.crownOverlayBase64).toBeUndefined();
      expect(publicView.imageBase64).toBeUndefined();
      await api(stack, `/api/ratings/${result.id}/share`, {
        method: 'POST',
        token: user.idToken,
        body: { includePhoto: true },
      });
      const withPhoto = (await api(stack, `/api/shares/${share.json.shareId}`)).json;
      expect(withPhoto.crownImageBase64).toBe(result.crown?.imageBase64);
      expect(withPhoto.crownOverlayBase64).toBe(result.crown?.overlayBase64);
      // the export carries the crown part (its measurements; not its images)
      const exported = (await api(stack, '/api/me/export', { token: user.idToken })).json;
      expect(exported.ratings[0].crown.measurements.view).toBe('top');
      expect(exported.ratings[0].crown.imageBase64).toBeUndefined();

      // progress compares like views: the crown with the previous crown photo (its score with the crown's score),
      // between the user's own ratings: each asks "Is this you?" first (the crown photo is the face photo's person)
      expect(result.crown?.progress).toBeNull();
      await itIsMe(stack, user.idToken, result.id);
      const again = await analyze(user.idToken, twoPhotoForm(faces[0]!, crownPhoto));
      expect(again.status, again.text).toBe(200);
      expect(again.json).toMatchObject({ identity: 'unconfirmed', progress: null, crown: { progress: null } });
      const second = await itIsMe(stack, user.idToken, AnalysisResultSchema.parse(again.json).id);
      expect(second.progress?.scoreDelta).toBe(0);
      expect(second.crown?.progress).toMatchObject({ previousId: result.id, metricDeltas: { topCoverage: 0 } });
      expect(second.crown?.progress?.scoreDelta).toBe(0);

      // the same crown photo alone scores what it scored beside the face photo, and its progress is since that crown
      const aloneForm = imageForm(crownPhoto);
      aloneForm.append('photoOf', 'crown');
      const alone = await analyze(user.idToken, aloneForm);
      expect(alone.status, alone.text).toBe(200);
      expect(alone.json).toMatchObject({ score: result.crown!.score, measurements: { view: 'top' } });
      const lone = await itIsMe(stack, user.idToken, AnalysisResultSchema.parse(alone.json).id);
      expect(lone.progress).toMatchObject({ previousId: second.id, scoreDelta: 0 });
      expect(await creditsOf(stack, user.sub)).toBe(0);
    },
    T,
  );

  it(
    'two uploadIds work like two files; a face sent as the crown is refused, naming the crown photo, credit refunded',
    async (ctx) => {
      const { faces, crownPhoto } = await photos(ctx);
      const user = await userWithCredits(stack, 1, 'crownup');
      const up = async (bytes: Uint8Array) => {
        const r = await api(stack, '/api/upload', { method: 'POST', body: imageForm(bytes) });
        expect(r.status, r.text).toBe(201);
        return r.json.id as string;
      };
      const refused = await analyze(user.idToken, {
        uploadId: await up(faces[0]!),
        crownUploadId: await up(faces[1]!),
      });
      expect(refused.status, refused.text).toBe(422);
      expect(refused.json.message).toMatch(/^Crown photo: .*top of your head/);
      expect(refused.json.details).toMatchObject({ code: 'not_crown', photo: 'crown' });
      expect(await creditsOf(stack, user.sub)).toBe(1);
      expect((await userItem(stack, user.sub))?.pendingAnalysis).toBeUndefined();

      // a blank face photo: the engine's own refusal, named
      const blank = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#2878c8' } })
        .jpeg()
        .toBuffer();
      const noFace = await analyze(user.idToken, twoPhotoForm(blank, crownPhoto));
      expect(noFace.status, noFace.text).toBe(422);
      expect(noFace.json.message).toMatch(/^Face photo: /);
      expect(noFace.json.details.photo).toBe('image');
      expect(await creditsOf(stack, user.sub)).toBe(1);

      // no head at all as the crown photo (a blurred noise pattern): refused as no head, named, nothing charged
      const noise = await sharp(Buffer.from(Array.from({ length: 640 * 640 * 3 }, (_, i) => (i * 2654435761) >>> 24)), {
        raw: { width: 640, height: 640, channels: 3 },
      })
        .blur(1.5)
        .jpeg()
        .toBuffer();
      const noHead = await analyze(user.idToken, twoPhotoForm(faces[0]!, noise));
      expect(noHead.status, noHead.text).toBe(422);
      expect(noHead.json.details).toMatchObject({ code: 'no_hair', photo: 'crown' });
      expect(await creditsOf(stack, user.sub)).toBe(1);

      // the two photos the wrong way round: the face photo's problem is named first
      const swapped = await analyze(user.idToken, twoPhotoForm(crownPhoto, faces[0]!));
      expect(swapped.status, swapped.text).toBe(422);
      expect(swapped.json.message).toMatch(/^Face photo: .*wrong way round/);
      expect(swapped.json.details).toMatchObject({ code: 'photos_swapped', photo: 'image' });
      expect(await creditsOf(stack, user.sub)).toBe(1);

      const ok = await analyze(user.idToken, { uploadId: await up(faces[1]!), crownUploadId: await up(crownPhoto) });
      expect(ok.status, ok.text).toBe(200);
      expect(ok.json.crown.measurements.view).toBe('top');
      expect(await creditsOf(stack, user.sub)).toBe(0);
    },
    T,
  );

  const SAME_FILE =
    'The face photo and the crown photo are the same file. Please send a photo of your face and a photo of the top of your head.';

  async function refusedAsSameFile(body: Parameters<typeof analyze>[1], user: { idToken: string; sub: string }) {
    const res = await analyze(user.idToken, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.message).toBe(SAME_FILE);
    expect(await creditsOf(stack, user.sub)).toBe(1);
    expect((await userItem(stack, user.sub))?.pendingAnalysis).toBeUndefined();
  }

  it('the same upload id as face and crown photo: 400 before any credit is reserved', async (ctx) => {
    // without the model files the route answers 503 (analysis unavailable) before it reads the request
    requireModels(ctx);
    const user = await userWithCredits(stack, 1, 'sameid');
    const up = await api(stack, '/api/upload', { method: 'POST', body: imageForm(await tinyJpeg()) });
    expect(up.status, up.text).toBe(201);
    await refusedAsSameFile({ uploadId: up.json.id, crownUploadId: up.json.id }, user);
  });

  it('the same file as face and crown photo: 400, the credit refunded', async (ctx) => {
    // the bytes are compared where the photos are read for the analysis, which needs the model files
    requireModels(ctx);
    const user = await userWithCredits(stack, 1, 'samefile');
    const jpeg = await tinyJpeg();
    await refusedAsSameFile(twoPhotoForm(jpeg, jpeg), user);
  });

  it(
    'the largest pair of images a rating can hold is stored under 300 KB and read back',
    async () => {
      const db = stackDb(stack);
      const caller = await callerWithCredits(db, 1, 'crownbig');
      // noise does not compress: JPEGs far larger than the engine's (at most 384 and 512 px) thumbnails and overlays
      const noise = async (side: number) => {
        const raw = Buffer.alloc(side * side * 3);
        for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
        return new Uint8Array(
          await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
            .jpeg({ quality: 98 })
            .toBuffer(),
        );
      };
      const [big, bigger] = await Promise.all([noise(384), noise(512)]);
      expect(big.byteLength + bigger.byteLength).toBeGreaterThan(300 * 1024);
      // the engine's answer to a face photo and a crown photo (the combination itself: combine.test.ts)
      const face = standInAnalysis(big);
      const both: AnalysisOutput = {
        ...face,
        overlayJpeg: bigger,
        measurements: { ...face.measurements, view: 'front' },
        ageComparison: { stageEstimate: 3.5, typicalAge: 45, yearsToAdvanced: 17 },
        crown: {
          measurements: { ...face.measurements, view: 'top', faceFound: false },
          norwoodStage: 5,
          score: 20,
          stageEstimate: 5,
          faceStageEstimate: 2,
          thumbnailJpeg: big,
          overlayJpeg: bigger,
        },
      };
      const result = await analyzeForUser(
        { db, analyze: async () => both },
        caller,
        { kind: 'image', bytes: big },
        { crown: { kind: 'image', bytes: bigger } },
      );
      expect(result.ageComparison?.stageEstimate).toBe(3.5);
      expect(result.crown).toMatchObject({ stageEstimate: 5, faceStageEstimate: 2, norwoodStage: 5 });
      const { Item } = await documentClient(stack).send(
        new GetCommand({ TableName: stack.env.RATINGS_TABLE, Key: { id: result.id } }),
      );
      const size = itemBytes(Item);
      console.log(`largest two-photo rating item: ${size} bytes`);
      expect(size).toBeLessThan(300 * 1024);
      const read = await getRating(db, caller.userId, result.id);
      expect(read.crown?.imageBase64).toBe(result.crown?.imageBase64);
      expect(read.crown?.overlayBase64).toBe(result.crown?.overlayBase64);
      expect(read.overlayBase64).toBe(result.overlayBase64);
    },
    T,
  );
});
