import { describe, expect, it } from 'vitest';
import { ageRangeOf, createFaceAgeEstimator, estimateAge } from '#lambdas/analysis/faces/face-age.ts';
import { createLocalFaceDetector } from '#lambdas/analysis/faces/local-detector.ts';
import { mainFace } from '#lambdas/analysis/faces/faces.ts';
import { sharedHuman } from '#lambdas/analysis/runtime/human-runtime.ts';
import { threadedAgeEstimate } from '#lambdas/analysis/models/model-thread.ts';
import { decodePhoto, resized } from '#lambdas/analysis/photo/photo.ts';
import { DETECT_SIDE } from '#shared/capture-rules.ts';
import { namedPhoto } from '#test/support/dataset-photos.ts';
import type { DetectOverrides } from '#lambdas/analysis/runtime/tf-runtime.ts';
import type { DetectedFace, FaceCrop } from '#lambdas/analysis/types.ts';

const crop: FaceCrop = { data: new Float32Array(4 * 4 * 3), width: 4, height: 4 };
const face: DetectedFace = { box: { x: 0, y: 0, width: 4, height: 4 }, landmarks: {}, confidence: 0.9 };
const photo = { rgb: new Uint8Array(4 * 4 * 3), width: 4, height: 4 };

describe('the local age check', () => {
  it('widens the estimate to a range, never below 0', () => {
    expect(ageRangeOf(31.6)).toEqual({ low: 25, high: 39 });
    expect(ageRangeOf(3)).toEqual({ low: 0, high: 10 });
  });

  it("is free, and reads the face's crop; a face without one, or an age not read, gives no range", async () => {
    const seen: FaceCrop[] = [];
    const estimator = createFaceAgeEstimator(async (c) => {
      seen.push(c);
      return c.width === 4 ? 40 : undefined;
    });
    expect(estimator.paid).toBe(false);
    expect(await estimator.ageRange({ photo, face: { ...face, crop } })).toEqual({ low: 33, high: 47 });
    expect(seen).toEqual([crop]);
    expect(await estimator.ageRange({ photo, face })).toBeUndefined();
    expect(seen).toHaveLength(1);
    const other = { ...crop, width: 2, data: new Float32Array(2 * 4 * 3) };
    expect(await estimator.ageRange({ photo, face: { ...face, crop: other } })).toBeUndefined();
  });

  it("reads the age human's own faceres reads in the same face, on this thread and on the model thread", async (ctx) => {
    const input = await resized(await decodePhoto(await namedPhoto(ctx, 'portrait-full-1')), DETECT_SIDE);
    const found = mainFace(await createLocalFaceDetector({ crops: true }).detect(input));
    const faceCrop = found!.crop!;
    expect(faceCrop.data.length).toBe(faceCrop.width * faceCrop.height * 3);
    expect(Math.min(...faceCrop.data)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...faceCrop.data)).toBeLessThanOrEqual(1);

    const human = await sharedHuman();
    const tensor = human.tf.tensor4d(input.rgb, [1, input.height, input.width, 3], 'int32');
    // human's faceres inside its own pipeline, as the analysis ran it before; the detector turns it off again
    const withFaceres = { face: { description: { enabled: true }, detector: { return: false } } };
    const theirs = (await human.detect(tensor, withFaceres as unknown as DetectOverrides)).face[0]?.age;
    human.tf.dispose(tensor);
    expect(theirs).toBeGreaterThan(18);
    expect(await estimateAge(faceCrop)).toBe(theirs);
    expect(await threadedAgeEstimate(faceCrop)).toBe(theirs);
    expect(mainFace(await createLocalFaceDetector({ crops: true }).detect(input))?.crop).toEqual(faceCrop);
  }, 120_000);
});
