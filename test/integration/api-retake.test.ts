/**
 * Retake like last time (issue #27) against the real local stack and engine: each rating stores how its photo was taken,
 * the same photo again is comparable (progress with deltas, comparable: true), and the same photo with the face much
 * smaller in the frame is not: progress refused (no deltas) with the size named as the condition that differed. The
 * user has progress tracking on: after their "yes" to the first photo, the face of the later ones is recognised as
 * theirs (Is this you?, docs/api.md) through the real engine's face descriptor.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { RETAKE_TOLERANCES } from '#shared/comparable.ts';
import { AnalysisResultSchema, RatingsPageSchema, type AnalysisResult } from '#shared/schemas.ts';
import { api } from '../support/api.ts';
import type { TestUser } from '../support/users.ts';
import { analyzedOk, itIsMe } from './api-support.ts';
import { eachTestNeedsPhotosAndModels, photosAndModelsPresent, readNamedPhoto } from '../support/dataset-photos.ts';
import { userWithCredits } from '../support/users.ts';

const stack = inject('stack');

/** a head-and-shoulders portrait from the front, read once from the dev sets (the tests skip without them) */
let portraitBytes: Buffer;
const portrait = () => portraitBytes;
eachTestNeedsPhotosAndModels();

/** the portrait shrunk into a grey frame of its own size: the face `k` times smaller, as if the camera were further */
async function further(photo: Buffer, k: number): Promise<Buffer> {
  const { width, height } = await sharp(photo).metadata();
  const w = Math.round(width / k),
    h = Math.round(height / k);
  const left = Math.floor((width - w) / 2),
    top = Math.floor((height - h) / 2);
  return sharp(await sharp(photo).resize(w, h).toBuffer())
    .extend({ left, top, right: width - w - left, bottom: height - h - top, background: '#808080' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const analyze = (user: TestUser, bytes: Buffer): Promise<AnalysisResult> => analyzedOk(stack, user, bytes);

describe('capture conditions and comparable progress', () => {
  let user: TestUser;
  let first: AnalysisResult;

  beforeAll(async () => {
    if (!photosAndModelsPresent()) return;
    portraitBytes = await readNamedPhoto('portrait-full-1');
    user = await userWithCredits(stack, 3, 'retake');
    const on = await api(stack, '/api/me', { method: 'PATCH', token: user.idToken, body: { progressTracking: true } });
    expect(on.json.progressTracking).toBe(true);
    const asked = await analyze(user, portrait());
    // the first face of the user's has nothing to be compared with: it asks, its descriptor kept
    expect(asked).toMatchObject({ identity: 'unconfirmed', faceDescriptorStored: true });
    first = await itIsMe(stack, user.idToken, asked.id);
  });

  it('stores how the photo was taken with the rating: view, pose, face size, light, photo size and outline', async () => {
    const c = first.captureConditions!;
    expect(c.view).toBe('front');
    for (const angle of [c.pitch, c.yaw, c.roll]) expect(Math.abs(angle!)).toBeLessThan(30);
    expect(c.size).toBeGreaterThan(0.025);
    expect(c.brightness).toBeGreaterThan(30);
    expect(Math.max(c.width, c.height)).toBeLessThanOrEqual(1024);
    expect(c.outline.face!.rx).toBeGreaterThan(0);
    expect(c.outline.head!.ry).toBeGreaterThan(c.outline.face!.ry);
    expect(first.progress).toBeNull();

    const stored = await api(stack, `/api/ratings/${first.id}`, { token: user.idToken });
    expect(AnalysisResultSchema.parse(stored.json).captureConditions).toEqual(c);
    const list = RatingsPageSchema.parse((await api(stack, '/api/ratings', { token: user.idToken })).json);
    expect(list.items[0]!.captureConditions).toEqual(c);
  });

  it('the same photo again is comparable: the deltas, and comparable: true', async () => {
    const again = await analyze(user, portrait());
    expect(again.captureConditions).toEqual(first.captureConditions);
    expect(again).toMatchObject({ identity: 'you', identityBy: 'face', faceDescriptorStored: true });
    expect(again.progress).toMatchObject({ previousId: first.id, scoreDelta: 0, comparable: true });
    expect(again.progress!.differences).toBeUndefined();
  });

  it('the face much smaller in the frame is not: no deltas, and the size named as what differed', async () => {
    const far = await analyze(user, await further(portrait(), 1.6));
    expect(far.identity).toBe('you');
    const size = far.captureConditions!.size!;
    expect(first.captureConditions!.size! / size).toBeGreaterThan(RETAKE_TOLERANCES.sizeRatio);
    expect(far.progress!.comparable).toBe(false);
    expect(far.progress!.scoreDelta).toBeUndefined();
    expect(far.progress!.metricDeltas).toBeUndefined();
    const differs = far.progress!.differences!.find((d) => d.condition === 'size');
    expect(differs).toEqual({ condition: 'size', now: size, before: first.captureConditions!.size });
    // the rating's own page says the same
    const stored = AnalysisResultSchema.parse(
      (await api(stack, `/api/ratings/${far.id}`, { token: user.idToken })).json,
    );
    expect(stored.progress).toEqual(far.progress);
  });
});
