import sharp, { type Sharp } from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { FACE_DESCRIPTOR_LENGTH, faceDistance } from '#shared/face-identity.ts';
import { AnalysisResultSchema } from '#shared/schemas.ts';
import { combinedStage } from '#shared/hairline.ts';
import { hairlineAgeFigures } from '#shared/hairline-age.ts';
import {
  AnalysisRejectedError,
  analyzeHairline,
  createModelDeps,
  normalizePhoto,
  type AnalysisDeps,
} from '#lambdas/analysis/index.ts';
import { FRONT_SIDE, measurePhoto } from '#lambdas/analysis/engine.ts';
import { contradictions } from '#lambdas/analysis/score/consistency.ts';
import { HAIR_TO_THE_JAW } from '#shared/hairline.ts';
import { rateStage } from '#lambdas/analysis/score/reading.ts';
import { REJECTION_MESSAGES } from '#lambdas/analysis/errors.ts';
import { BOWED_PITCH, DETECT_SIDE, MAX_FRONT_ROLL, MIN_DETAIL, TIPPED_PITCH } from '#shared/capture-rules.ts';
import { readQuality } from '#lambdas/analysis/photo/quality.ts';
import { UPRIGHT_TURNS, meshPose } from '#shared/tipped-face-geometry.ts';
import { searchTippedFace } from '#shared/tipped-face-search.ts';
import { mainFace } from '#lambdas/analysis/faces/faces.ts';
import { decodePhoto, resized } from '#lambdas/analysis/photo/photo.ts';
import { searchTippedFaces, tippedFaceModels } from '#lambdas/analysis/faces/tipped-face.ts';
import { MIN_UNTIPPED_SEARCH_CONFIDENCE } from '#lambdas/analysis/analysis-config.ts';
import { bowedFrameJpeg } from '#test/support/bowed-frame.ts';
import { hairModelView } from '#scripts/analysis/lib/mask-overlay.ts';
import { darker } from '#scripts/analysis/lib/transforms.ts';
import { namedPhoto, requireModels, type PhotoName, type Skippable } from '#test/support/dataset-photos.ts';

const T = 60_000;
/** a dev photo the test names (test/support/dataset-photos.ts): the test skips itself without DATASETS_DIR */
const photoOf = async (ctx: Skippable, name: PhotoName) => new Uint8Array(await namedPhoto(ctx, name));
const deps: AnalysisDeps = createModelDeps();
// every test here runs the real engine, which loads the hair model
beforeEach((ctx) => requireModels(ctx));

/** a portrait with a dark, striped band from just above the brows to the top of the photo, across the middle of the face */
async function coveredForehead(ctx: Skippable): Promise<Uint8Array> {
  const photo = await photoOf(ctx, 'portrait-full-1');
  const { width, height } = await sharp(photo).metadata();
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><pattern id="s" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="2" height="4" fill="#2a1a10"/><rect x="2" width="2" height="4" fill="#5a3a20"/></pattern></defs><rect x="${Math.round(width * 0.2)}" y="0" width="${Math.round(width * 0.6)}" height="${Math.round(height * 0.3)}" fill="url(#s)"/></svg>`,
  );
  return new Uint8Array(
    await sharp(photo)
      .composite([{ input: stripes }])
      .jpeg()
      .toBuffer(),
  );
}

async function rejection(bytes: Uint8Array, d: AnalysisDeps = deps): Promise<string | undefined> {
  try {
    await analyzeHairline({ face: bytes }, d);
    return undefined;
  } catch (e) {
    if (e instanceof AnalysisRejectedError) return e.code;
    throw e;
  }
}

describe('front view: portraits with the whole face (dev portraits from DATASETS_DIR)', () => {
  it(
    "counts braids on top the hair model leaves out as hair: a woman's braided updo is not a bare top",
    async (ctx) => {
      // the mask marks only the band behind her hairline: shown 0 % on top before
      const r = await analyzeHairline({ face: await photoOf(ctx, 'portrait-woman-braids') }, deps);
      expect(r.measurements.view).toBe('front');
      expect(r.measurements.topCoverage!).toBeGreaterThan(0.6);
      expect(r.score).toBeGreaterThan(75);
    },
    T,
  );

  it(
    'reads a small portrait (260 px) from a hair pass at its own scale: a bald top stays bare, a full hairline full',
    async (ctx) => {
      // stretched to 512 px, the bald one's blurred top was hair from rim to rim: 74, frontal band 0.97 "hair"
      const bald = await analyzeHairline({ face: await photoOf(ctx, 'portrait-bald-small') }, deps);
      expect(bald.measurements.frontalCoverage!).toBeLessThan(0.3);
      expect(bald.score).toBeLessThanOrEqual(45);
      const full = await analyzeHairline({ face: await photoOf(ctx, 'portrait-full-small') }, deps);
      expect(full.measurements.frontalCoverage!).toBeGreaterThan(0.9);
      expect(full.score).toBeGreaterThan(75);
    },
    T,
  );

  it(
    'traces the hairline in face units and ranks full hairlines above bald tops',
    async (ctx) => {
      const full = await Promise.all(
        (['portrait-full-1', 'portrait-full-2'] as const).map(async (f) =>
          analyzeHairline({ face: await photoOf(ctx, f) }, deps),
        ),
      );
      const bald = await Promise.all(
        (['portrait-bald-1', 'portrait-bald-2'] as const).map(async (f) =>
          analyzeHairline({ face: await photoOf(ctx, f) }, deps),
        ),
      );
      for (const r of [...full, ...bald]) {
        expect(r.measurements.view).toBe('front');
        expect(r.measurements.faceFound).toBe(true);
        expect(r.measurements.hairlineHeightRatio).toEqual(expect.any(Number));
        expect(r.measurements.templeLeft).toEqual(expect.any(Number));
      }
      for (const r of full) expect(r.measurements.hairlineHeightRatio!).toBeLessThan(1.05);
      for (const r of bald) expect(r.measurements.bareTopShare!).toBeGreaterThan(0.6);
      expect(Math.min(...full.map((r) => r.score))).toBeGreaterThan(Math.max(...bald.map((r) => r.score)) + 30);
    },
    T,
  );

  it(
    'cuts the face out for faceres (the local age check, and the descriptor where asked) in AWS too',
    async (ctx) => {
      const bytes = await photoOf(ctx, 'portrait-full-1');
      const detectInput = await resized(await resized(await decodePhoto(bytes), FRONT_SIDE), DETECT_SIDE);
      const local = mainFace(await deps.faceDetector.detect(detectInput));
      const aws = createModelDeps({ faceAges: false });
      const inAws = mainFace(await aws.faceDetector.detect(detectInput));
      expect(local?.crop?.data.length).toBe(local!.crop!.width * local!.crop!.height * 3);
      expect(inAws?.crop).toEqual(local!.crop);
      expect(inAws!.landmarks).toEqual(local!.landmarks);
      expect(aws.ageEstimator).toBeUndefined();
      expect(await deps.ageEstimator!.ageRange({ photo: detectInput, face: local! })).toEqual({
        low: expect.any(Number),
        high: expect.any(Number),
      });
      expect((await aws.faceDescriber!.describe(inAws!))?.length).toBe(FACE_DESCRIPTOR_LENGTH);
    },
    T,
  );

  it(
    'returns the face descriptor only when asked (progress tracking), the same score either way',
    async (ctx) => {
      const bytes = await photoOf(ctx, 'portrait-full-1');
      const plain = await analyzeHairline({ face: bytes }, deps);
      const described = await analyzeHairline({ face: bytes }, deps, { describeFace: true });
      expect(plain.faceDescriptor).toBeUndefined();
      expect(described.faceDescriptor?.length).toBe(FACE_DESCRIPTOR_LENGTH);
      expect(described.score).toBe(plain.score);
      // the same photo again reads the same face
      const again = await analyzeHairline({ face: bytes }, deps, { describeFace: true });
      expect(faceDistance(described.faceDescriptor!, again.faceDescriptor!)).toBeLessThan(0.01);
    },
    T,
  );

  it(
    "scores a woman's full hairline as full",
    async (ctx) => {
      const r = await analyzeHairline({ face: await photoOf(ctx, 'portrait-woman-1') }, deps);
      expect(r.measurements.view).toBe('front');
      expect(r.score).toBeGreaterThan(60);
    },
    T,
  );

  it(
    'keeps the suggestions to the length the hair falls beside the face: long hair is not offered crops and fades',
    async (ctx) => {
      const long = await analyzeHairline({ face: await photoOf(ctx, 'portrait-woman-long') }, deps);
      const short = await analyzeHairline({ face: await photoOf(ctx, 'portrait-woman-1') }, deps);
      const man = await analyzeHairline({ face: await photoOf(ctx, 'portrait-full-1') }, deps);
      expect(long.measurements.hairLength).toBeGreaterThan(HAIR_TO_THE_JAW);
      expect(long.hairstyleSuggestions.join(' ')).toMatch(/Long layers/);
      expect(long.hairstyleSuggestions.join(' ')).not.toMatch(/crop|fade|Taper/);
      for (const r of [short, man]) {
        expect(r.measurements.hairLength).toBeLessThan(HAIR_TO_THE_JAW);
        expect(r.hairstyleSuggestions.join(' ')).not.toMatch(/Long layers|Keep the length/);
      }
      expect(contradictions(long)).toEqual([]);
    },
    T,
  );

  it(
    'reads grey hair above a face as hair, not as bare scalp',
    async (ctx) => {
      const r = await analyzeHairline({ face: await photoOf(ctx, 'face-1') }, deps);
      expect(r.measurements.view).toBe('front');
      expect(r.measurements.frontalCoverage).toBeGreaterThan(0.7);
      expect(r.score).toBeGreaterThan(50);
    },
    T,
  );

  it(
    'refuses a photo too dark, too washed out or too blurred to measure, and says what to change',
    async (ctx) => {
      const photo = await photoOf(ctx, 'portrait-full-1');
      const cases: [string, Buffer][] = [
        ['too_dark', await sharp(photo).linear(0.12, 0).jpeg().toBuffer()],
        ['overexposed', await sharp(photo).linear(3, 40).jpeg().toBuffer()],
        ['blurred', await sharp(photo).blur(10).jpeg().toBuffer()],
      ];
      for (const [code, bytes] of cases) {
        const err = await analyzeHairline({ face: new Uint8Array(bytes) }, deps).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err, code).toBeInstanceOf(AnalysisRejectedError);
        expect((err as AnalysisRejectedError).code).toBe(code);
        expect((err as AnalysisRejectedError).message).toMatch(/Please|retake|Hold/);
      }
    },
    T,
  );

  it(
    'refuses a forehead covered by a band across it (a hat brim or fringe)',
    async (ctx) => {
      expect(await rejection(await coveredForehead(ctx))).toBe('forehead_covered');
    },
    T,
  );

  it(
    'a forehead it cannot read on a face of few pixels asks to move closer, not to uncover it',
    async (ctx) => {
      const covered = await coveredForehead(ctx);
      const shrunk = new Uint8Array(await sharp(covered).resize(96, 96, { fit: 'inside' }).jpeg().toBuffer());
      // the same band and face: as taken (295 × 360) the middle third spans 74 px; at 96 px high about 20, under
      // MIN_READABLE_FACE_UNIT_PX, where the hair model misplaces a hairline itself
      expect(await rejection(covered)).toBe('forehead_covered');
      expect(await rejection(shrunk)).toBe('face_too_small');
    },
    T,
  );

  it(
    'a sharp photo with a small face asks to move closer, not to hold still (the blur check comes after the face)',
    async (ctx) => {
      // a sharp portrait 110 px across in the middle of a plain 1600 px wall: so few strong edges in the whole frame
      // that its detail reads under MIN_DETAIL, as a photo taken from across a room does
      const face = await sharp(await photoOf(ctx, 'portrait-full-1'))
        .resize(110, 110, { fit: 'inside' })
        .toBuffer();
      const meta = await sharp(face).metadata();
      const wall = sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#9a948c' } });
      const photo = await wall
        .composite([{ input: face, left: 800 - Math.round(meta.width! / 2), top: 800 - Math.round(meta.height! / 2) }])
        .jpeg({ quality: 92 })
        .toBuffer();
      const work = await sharp(photo).resize(FRONT_SIDE, FRONT_SIDE).raw().toBuffer();
      expect(readQuality({ rgb: work, width: FRONT_SIDE, height: FRONT_SIDE }).detail).toBeLessThan(MIN_DETAIL);
      expect(await rejection(new Uint8Array(photo))).toBe('face_too_small');
    },
    T,
  );
});

describe('every skin tone, and photos with no head (v4: the hair mask, not colour)', () => {
  it(
    "reads a dark-skinned man's bald scalp as bald and his full hairline as full",
    async (ctx) => {
      const bald = await analyzeHairline({ face: await photoOf(ctx, 'portrait-bald-dark') }, deps);
      const full = await analyzeHairline({ face: await photoOf(ctx, 'portrait-full-dark') }, deps);
      expect(bald.measurements.view).toBe('front');
      expect(bald.score).toBeLessThanOrEqual(45);
      expect(bald.measurements.topCoverage!).toBeLessThan(0.3);
      expect(full.score).toBeGreaterThan(bald.score + 30);
    },
    T,
  );

  it(
    'refuses a face photo in black and white, where a bald scalp would read as hair; a crown of hair in grey is measured',
    async (ctx) => {
      const grey = async (bytes: Uint8Array) =>
        new Uint8Array(await sharp(bytes).grayscale().toColourspace('srgb').jpeg({ quality: 90 }).toBuffer());
      for (const name of ['portrait-bald-1', 'portrait-bald-dark', 'portrait-full-dark'] as const) {
        expect(await rejection(await grey(await photoOf(ctx, name))), name).toBe('no_colour');
      }
      // no face, no colour check: dark hair seen from above is itself nearly grey
      const crown = await analyzeHairline({ face: await grey(await photoOf(ctx, 'full-1')) }, deps);
      expect(crown.measurements.view).toBe('top');
    },
    T,
  );

  it(
    'measures a soft photo made darker and browner (a darker skin in poorer light) as it measures the photo: not as blurred',
    async (ctx) => {
      const photo = await photoOf(ctx, 'bowed-bald-soft');
      const asTaken = await analyzeHairline({ face: photo }, deps);
      const dark = await analyzeHairline({ face: new Uint8Array(await darker(photo)) }, deps);
      expect(asTaken.score).toBeLessThanOrEqual(45);
      expect(dark.score).toBeLessThanOrEqual(45);
      expect(Math.abs(dark.score - asTaken.score)).toBeLessThanOrEqual(8);
    },
    T,
  );

  it(
    'refuses noise, blurred noise, a brick wall and a drawn landscape as holding no head (flat images as blurred)',
    async () => {
      const W = 640;
      const noise = Buffer.from(Array.from({ length: W * W * 3 }, (_, i) => (i * 2654435761) >>> 24));
      const raw = { raw: { width: W, height: W, channels: 3 as const } };
      const svg = (body: string) =>
        sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${W}">${body}</svg>`));
      const cases: [string, Sharp][] = [
        ['noise', sharp(noise, raw)],
        ['blurred noise', sharp(noise, raw).blur(1.5)],
        [
          'a brick wall',
          svg(
            '<defs><pattern id="b" width="80" height="40" patternUnits="userSpaceOnUse"><rect width="80" height="40" fill="#ddd"/><rect x="2" y="2" width="76" height="16" fill="#a0522d"/><rect x="-38" y="22" width="76" height="16" fill="#9c4a28"/><rect x="42" y="22" width="76" height="16" fill="#a85a30"/></pattern></defs><rect width="100%" height="100%" fill="url(#b)"/>',
          ),
        ],
        [
          'a landscape',
          svg(
            '<rect width="100%" height="60%" fill="#7ab"/><rect y="60%" width="100%" height="40%" fill="#364"/><circle cx="500" cy="100" r="40" fill="#ffd"/><path d="M0 400 L200 250 L400 380 L640 220 L640 400 Z" fill="#556"/>',
          ),
        ],
      ];
      for (const [name, img] of cases) {
        expect(await rejection(new Uint8Array(await img.jpeg().toBuffer())), name).toBe('no_hair');
      }
      // a flat wall or a smooth gradient has no edge to judge sharpness by: the quality check refuses it first
      const flat: [string, Sharp][] = [
        ['a flat wall', sharp({ create: { width: W, height: W, channels: 3, background: '#8a8178' } })],
        [
          'a gradient',
          svg(
            '<defs><linearGradient id="g"><stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#fc9"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>',
          ),
        ],
      ];
      for (const [name, img] of flat) {
        expect(await rejection(new Uint8Array(await img.jpeg().toBuffer())), name).toBe('blurred');
      }
    },
    T,
  );
});

describe('top view: crown and scalp photos', () => {
  it(
    'measures coverage only (no forehead, no temples) and ranks full above bald',
    async (ctx) => {
      const full = await Promise.all(
        (['full-1', 'full-2'] as const).map(async (f) => analyzeHairline({ face: await photoOf(ctx, f) }, deps)),
      );
      const bald = await Promise.all(
        (['bald-1', 'bald-2'] as const).map(async (f) => analyzeHairline({ face: await photoOf(ctx, f) }, deps)),
      );
      for (const r of [...full, ...bald]) {
        expect(r.measurements.view).toBe('top');
        expect(r.measurements.hairlineHeightRatio).toBeNull();
        expect(r.measurements.templeRecession).toBeNull();
        expect(r.commentary).not.toMatch(/temple/i);
      }
      expect(Math.min(...full.map((r) => r.score))).toBeGreaterThan(Math.max(...bald.map((r) => r.score)) + 25);
    },
    T,
  );

  it(
    'shows a bare scalp the hair mask marks as hair (clipped, shiny, stubbled) as bare, and a full crown as covered',
    async (ctx) => {
      // the mask alone calls 0.79-1.0 of these crowns hair (top-view.ts HAIR_TEXTURE: the texture gate)
      for (const name of ['bald-clipped', 'bald-shiny', 'bald-stubble'] as const) {
        const r = await analyzeHairline({ face: await photoOf(ctx, name) }, deps);
        expect(r.measurements.view, name).toBe('top');
        expect(r.measurements.topCoverage, name).toBeLessThan(0.2);
        expect(r.measurements.frontalCoverage, name).toBeLessThan(0.3);
      }
      for (const name of ['full-1', 'full-2'] as const) {
        const r = await analyzeHairline({ face: await photoOf(ctx, name) }, deps);
        expect(r.measurements.topCoverage, name).toBeGreaterThan(0.5);
      }
    },
    T,
  );

  it(
    "the gallery's before (scripts/analysis/lib/mask-overlay.ts) is the hair model's own mask: those bare tops marked hair",
    async (ctx) => {
      for (const name of ['bald-clipped', 'bald-shiny', 'bald-stubble'] as const) {
        const { mask, drawing } = await hairModelView(await photoOf(ctx, name), deps);
        const marked = mask.probability.filter((p) => p > 0.5).length / mask.probability.length;
        // 0.49-0.69 of the photo: the failure the texture gate above handles, shown before it
        expect(marked, name).toBeGreaterThan(0.35);
        expect(drawing.hairOutline!.length, name).toBeGreaterThan(100);
      }
      const bald = await hairModelView(await photoOf(ctx, 'portrait-bald-1'), deps);
      expect(bald.mask.probability.filter((p) => p > 0.5).length / bald.mask.probability.length).toBeLessThan(0.1);
    },
    T,
  );
});

describe('a face photo whose pixels lie on their side (no EXIF orientation to undo)', () => {
  const turned = async (bytes: Uint8Array, degrees: number) =>
    new Uint8Array(await sharp(bytes).rotate(degrees).jpeg({ quality: 92 }).toBuffer());

  it(
    'is turned upright and read as the upright photo: the same view, score, stage and hairline age, drawn upright',
    async (ctx) => {
      for (const name of ['portrait-full-1', 'portrait-bald-dark'] as const) {
        const bytes = await photoOf(ctx, name);
        const upright = await analyzeHairline({ face: bytes }, deps);
        for (const degrees of [90, 270]) {
          const r = await analyzeHairline({ face: await turned(bytes, degrees) }, deps);
          expect(r.measurements.view, `${name} turned ${degrees}`).toBe('front');
          expect(Math.abs(r.score - upright.score), `${name} turned ${degrees}`).toBeLessThanOrEqual(2);
          expect(r.rating).toBe(upright.rating);
          expect(Math.abs(r.ageComparison!.typicalAge - upright.ageComparison!.typicalAge)).toBeLessThanOrEqual(2);
          // the thumbnail and the overlay are of the photo as measured: a portrait, taller than wide
          for (const jpeg of [r.thumbnailJpeg, r.overlayJpeg]) {
            const { width, height } = await sharp(jpeg).metadata();
            expect(height!).toBeGreaterThan(width!);
          }
        }
      }
    },
    3 * T,
  );

  it(
    'a selfie from the front saved a quarter turn off is read from the front, not as a head bowed towards the camera',
    async (ctx) => {
      const r = await analyzeHairline({ face: await photoOf(ctx, 'selfie-turned') }, deps);
      expect(r.measurements.view).toBe('front');
      expect(r.measurements.faceFound).toBe(true);
    },
    T,
  );
});

describe('bowed view: the head tipped down to show the hairline (dev selfies from DATASETS_DIR)', () => {
  it(
    'finds the tipped face, traces the hairline and measures it corrected for the pitch',
    async (ctx) => {
      const [thinning, receded] = await Promise.all(
        (['bowed-1', 'bowed-2'] as const).map(async (f) => analyzeHairline({ face: await photoOf(ctx, f) }, deps)),
      );
      for (const r of [thinning!, receded!]) {
        expect(r.measurements.view).toBe('bowed');
        expect(r.measurements.faceFound).toBe(true);
        expect(r.measurements.hairlineHeightRatio).toEqual(expect.any(Number));
        expect(r.measurements.templeLeft).toEqual(expect.any(Number));
        expect(r.commentary).not.toMatch(/photo of the top of the head/);
      }
      // corrected for the pitch, a forehead reads in the same face units as from the front: not the doubled raw length
      for (const r of [thinning!, receded!]) expect(r.measurements.hairlineHeightRatio!).toBeLessThan(1.4);
      // Norwood 4 (thinning behind a hairline still in place) against Norwood 5 (the hairline gone back)
      expect(receded!.measurements.hairlineHeightRatio!).toBeGreaterThan(thinning!.measurements.hairlineHeightRatio!);
    },
    T,
  );

  it(
    'finds the same face in a photo saved a quarter turn off, and measures it alike',
    async (ctx) => {
      const upright = await analyzeHairline({ face: await photoOf(ctx, 'bowed-2') }, deps);
      const turned = await analyzeHairline(
        {
          face: new Uint8Array(
            await sharp(await photoOf(ctx, 'bowed-2'))
              .rotate(90)
              .jpeg({ quality: 92 })
              .toBuffer(),
          ),
        },
        deps,
      );
      expect(turned.measurements.view).toBe('bowed');
      expect(
        Math.abs(turned.measurements.hairlineHeightRatio! - upright.measurements.hairlineHeightRatio!),
      ).toBeLessThan(0.2);
    },
    T,
  );

  it(
    'does not measure the top of the head when the photo cuts it off (null, never shown)',
    async (ctx) => {
      const photo = await photoOf(ctx, 'bowed-2');
      const { width, height } = await sharp(photo).metadata();
      const cut = await sharp(photo)
        .extract({ left: 0, top: Math.round(0.12 * height), width: width, height: Math.round(0.88 * height) })
        .jpeg()
        .toBuffer();
      const r = await analyzeHairline({ face: new Uint8Array(cut) }, deps);
      expect(r.measurements.view).toBe('bowed');
      expect(r.measurements.topCoverage).toBeNull();
      expect(r.measurements.bareTopShare).toBeNull();
      expect(r.measurements.hairlineHeightRatio).toEqual(expect.any(Number));
    },
    T,
  );
});

describe('top view: zones placed on the head, not on the photo', () => {
  it(
    "follows a crown photo's head when it sits off-centre",
    async (ctx) => {
      const shifted = await sharp(await photoOf(ctx, 'full-1'))
        .extend({ right: 400, background: '#d8d0c0' })
        .jpeg()
        .toBuffer();
      const m = await measurePhoto(await decodePhoto(new Uint8Array(shifted)), deps);
      expect(m.view).toBe('top');
      const crown = m.drawing.zones.find((z) => z.label === 'top');
      expect(crown && 'cx' in crown ? crown.cx : undefined).toBeLessThan(0.4);
      expect(m.measurements.topCoverage).toBeGreaterThan(0.6);
    },
    T,
  );

  it(
    'moves the zones off the face of a bowed selfie whose face is not found, onto the hair',
    async (ctx) => {
      const m = await measurePhoto(await decodePhoto(await photoOf(ctx, 'bowed-unfound')), deps);
      expect(m.view).toBe('top');
      // the head the person mask gives holds the face, below the hair: centred on it, the crown disc lay on the eyes
      // and this full head of hair showed 0.14 hair on top
      const crown = m.drawing.zones.find((z) => z.label === 'top');
      expect(crown && 'cy' in crown ? crown.cy : undefined).toBeLessThan(0.45);
      expect(m.measurements.topCoverage).toBeGreaterThan(0.3);
    },
    T,
  );

  it(
    "reads a shaved head small in a large photo at the head's scale, so its stubble is not hair",
    async (ctx) => {
      const m = await measurePhoto(await decodePhoto(await photoOf(ctx, 'portrait-shaved-far')), deps);
      expect(m.view).toBe('front');
      // the whole photo's 512 px pass called 0.91 of the frontal band hair
      expect(m.measurements.frontalCoverage).toBeLessThan(0.5);
    },
    T,
  );

  it(
    "reads a bald head filling the frame at the head's scale, so his bare scalp and forehead are not hair",
    async (ctx) => {
      const m = await measurePhoto(await decodePhoto(await photoOf(ctx, 'close-up-bald')), deps);
      expect(m.view).toBe('front');
      // the whole photo's pass alone called the wrinkled forehead and the bare top hair: 0.99 of the frontal band, a
      // hairline 0.48 face units above the brows
      expect(m.measurements.frontalCoverage).toBeLessThan(0.5);
      expect(m.measurements.hairlineHeightRatio).toBeGreaterThan(0.9);
    },
    T,
  );

  it(
    'reads from above a bowed selfie whose only "face" is an unsure, hardly tipped misread of the tipped search',
    async (ctx) => {
      // the search reads a face on the scalp of a head seen from above (score 0.64, pitch −6°) and an upside-down face
      // as upright (0.67, 2°); read as bowed on those faces, the overlay drew the hairline on a shirt and on a chin
      for (const name of ['bowed-face-on-scalp', 'bowed-upside-down'] as const) {
        const photo = await decodePhoto(await photoOf(ctx, name));
        const [misread] = (await searchTippedFaces(await resized(await resized(photo, FRONT_SIDE), DETECT_SIDE))).faces;
        expect(misread?.pose?.pitch, name).toBeLessThan(TIPPED_PITCH);
        expect(misread?.confidence, name).toBeLessThan(MIN_UNTIPPED_SEARCH_CONFIDENCE);
        const m = await measurePhoto(photo, deps);
        expect(m.view, name).toBe('top');
        expect(m.faceFound, name).toBe(false);
      }
    },
    T,
  );

  it(
    'keeps the crown disc of a bald head bowed with his eyes in the frame above his forehead: the eyes the search saw',
    async (ctx) => {
      // the face mesh cannot read these faces; the detector's eyes can. Placed by the light alone, the disc's lower
      // edge lay over the eyes (y 0.67 with the eyes at 0.67; 0.80 with them at 0.65, on the glasses)
      for (const name of ['bowed-bald-dark', 'bowed-bald-glasses'] as const) {
        const photo = await decodePhoto(await photoOf(ctx, name));
        const input = await resized(await resized(photo, FRONT_SIDE), DETECT_SIDE);
        const { faces, eyes } = await searchTippedFaces(input);
        expect(faces, name).toEqual([]);
        const eyesY = (eyes!.rightEye.y + eyes!.leftEye.y) / 2 / input.height;
        const m = await measurePhoto(photo, deps);
        expect(m.view, name).toBe('top');
        const crown = m.drawing.zones.find((z) => z.label === 'top');
        const lowerEdge = crown && 'cy' in crown ? crown.cy + crown.ry : 1;
        expect(lowerEdge, name).toBeLessThan(eyesY - eyes!.span / input.height / 2);
      }
    },
    T,
  );

  it(
    'moves the zones of a bald bowed head whose face is not found onto its lit scalp, on dark skin too',
    async (ctx) => {
      // centred on the head the mask gives, the crown disc lay on the brows and eyes (centre y 0.56; x 0.43 on the
      // head whose face is to the right)
      for (const [name, off] of [
        ['bowed-bald-dark', (z: { cx: number; cy: number }) => z.cy < 0.48],
        ['bowed-bald-side', (z: { cx: number; cy: number }) => z.cx < 0.36],
      ] as const) {
        const m = await measurePhoto(await decodePhoto(await photoOf(ctx, name)), deps);
        expect(m.view, name).toBe('top');
        const crown = m.drawing.zones.find((z) => z.label === 'top');
        expect(crown && 'cy' in crown ? off(crown) : undefined, name).toBe(true);
      }
    },
    T,
  );
});

describe('the engine as a whole', () => {
  it(
    'returns a result the API schema accepts, with small images',
    async (ctx) => {
      for (const name of ['portrait-full-1', 'bald-1'] as const) {
        const r = await analyzeHairline({ face: await photoOf(ctx, name) }, deps);
        const { thumbnailJpeg, overlayJpeg, scoreInputs, ...rest } = r;
        expect(Object.values(scoreInputs.features).every(Number.isFinite)).toBe(true);
        AnalysisResultSchema.parse({ ...rest, id: 'x', imageBase64: '', createdAt: '2026-01-01T00:00:00Z' });
        for (const [img, side, kb] of [
          [thumbnailJpeg, 384, 60],
          [overlayJpeg, 512, 90],
        ] as const) {
          const meta = await sharp(img).metadata();
          expect(meta.format).toBe('jpeg');
          expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(side);
          expect(img.length).toBeLessThan(kb * 1024);
        }
      }
    },
    T,
  );

  it(
    'is deterministic: same bytes, identical JSON and image bytes',
    async (ctx) => {
      for (const name of ['portrait-full-1', 'full-1'] as const) {
        const a = await analyzeHairline({ face: await photoOf(ctx, name) }, deps);
        const b = await analyzeHairline({ face: await photoOf(ctx, name) }, deps);
        expect(JSON.stringify({ ...a, thumbnailJpeg: [], overlayJpeg: [] })).toBe(
          JSON.stringify({ ...b, thumbnailJpeg: [], overlayJpeg: [] }),
        );
        expect(Buffer.from(a.thumbnailJpeg).equals(Buffer.from(b.thumbnailJpeg))).toBe(true);
        expect(Buffer.from(a.overlayJpeg).equals(Buffer.from(b.overlayJpeg))).toBe(true);
      }
    },
    T,
  );

  it(
    'says every word from one reading: no contradiction on a full, a bald and a bowed photo, nor on a face with a crown',
    async (ctx) => {
      const names = ['portrait-full-1', 'portrait-bald-1', 'bowed-1'] as const;
      for (const name of names) {
        const r = await analyzeHairline({ face: await photoOf(ctx, name) }, deps);
        expect(contradictions(r), name).toEqual([]);
        expect(r).toMatchObject(rateStage(r.reading));
      }
      const both = await analyzeHairline(
        { face: await photoOf(ctx, 'portrait-full-1'), crown: await photoOf(ctx, 'bald-1') },
        deps,
      );
      expect(contradictions(both)).toEqual([]);
      expect(both.commentary).toMatch(/crown photo shows/);
      // a bowed head whose face is missed is measured from above like a crown; taken as a hairline photo it is said so
      const unfound = await photoOf(ctx, 'bowed-unfound');
      const asHairline = await analyzeHairline({ face: unfound }, deps, { photoOf: 'hairline' });
      const asCrown = await analyzeHairline({ face: unfound }, deps, { photoOf: 'crown' });
      expect(asHairline.measurements.view).toBe('top');
      expect(asHairline.commentary).toMatch(/hairline seen from above/);
      expect(asCrown.commentary).toMatch(/photo of the top of the head/);
      expect(asHairline.score).toBe(asCrown.score);
      expect(contradictions({ ...asHairline, photoOf: 'hairline' })).toEqual([]);
      expect(contradictions({ ...asCrown, photoOf: 'hairline' }).map((c) => c.why)).toContain(
        'the commentary speaks of a photo of another kind (crown)',
      );
    },
    T,
  );

  it(
    'two photos: one rating combined from both, the crown part its own; a refusal names its photo; a face as the crown is refused; swapped photos name the face photo',
    async (ctx) => {
      const face = await photoOf(ctx, 'portrait-full-1');
      const crown = await photoOf(ctx, 'bald-1');
      const [faceAlone, crownAlone, both] = [
        await analyzeHairline({ face }, deps),
        await analyzeHairline({ face: crown }, deps),
        await analyzeHairline({ face, crown }, deps),
      ];
      expect(faceAlone.crown).toBeUndefined();
      const faceStage = faceAlone.ageComparison.stageEstimate;
      const crownStage = crownAlone.ageComparison.stageEstimate;
      // a bald crown beside a full front: the crown raises the estimate (score/combine.ts)
      expect(crownStage).toBeGreaterThan(faceStage);
      // the rating keeps its estimate to two decimals, as each photo's own
      expect(both.ageComparison.stageEstimate).toBe(
        hairlineAgeFigures(combinedStage(faceStage, crownStage)).stageEstimate,
      );
      expect(both.score).toBeLessThan(faceAlone.score);
      expect(both.measurements).toEqual(faceAlone.measurements);
      expect(both.crown).toEqual({
        measurements: crownAlone.measurements,
        norwoodStage: crownAlone.norwoodStage,
        // the crown photo's own score: the one it gets analysed alone, a point on the crown line
        score: crownAlone.score,
        stageEstimate: Math.round(crownStage * 100) / 100,
        faceStageEstimate: Math.round(faceStage * 100) / 100,
        captureConditions: crownAlone.captureConditions,
        thumbnailJpeg: crownAlone.thumbnailJpeg,
        overlayJpeg: crownAlone.overlayJpeg,
      });

      const refusal = (photos: { face: Uint8Array; crown?: Uint8Array }) =>
        analyzeHairline(photos, deps).then(
          () => undefined,
          (e: unknown) => {
            if (e instanceof AnalysisRejectedError) return { code: e.code, photo: e.photo, message: e.message };
            throw e;
          },
        );
      // a face photo sent as the crown
      expect(await refusal({ face, crown: await photoOf(ctx, 'portrait-full-2') })).toEqual({
        code: 'not_crown',
        photo: 'crown',
        message: REJECTION_MESSAGES.not_crown,
      });
      // the two photos the wrong way round: the face photo's problem first
      expect(await refusal({ face: crown, crown: face })).toEqual({
        code: 'photos_swapped',
        photo: 'face',
        message: REJECTION_MESSAGES.photos_swapped,
      });
      const blank = new Uint8Array(
        await sharp({ create: { width: 600, height: 600, channels: 3, background: '#2878c8' } })
          .jpeg()
          .toBuffer(),
      );
      const blankAlone = await refusal({ face: blank });
      expect(blankAlone).toMatchObject({ photo: 'face' });
      expect(await refusal({ face: blank, crown })).toEqual(blankAlone);
      expect(await refusal({ face, crown: blank })).toEqual({ ...blankAlone, photo: 'crown' });
    },
    2 * T,
  );

  it(
    'asks a paid age estimator (Rekognition in AWS) only when a face was found, last, and refuses a minor',
    async (ctx) => {
      const asked: number[] = [];
      const minor: AnalysisDeps = {
        ...deps,
        ageEstimator: {
          paid: true,
          ageRange: async ({ photo, face }) => {
            expect(face.confidence).toBeGreaterThan(0.5);
            asked.push(photo.width);
            return { low: 11, high: 16 };
          },
        },
      };
      expect(await rejection(await photoOf(ctx, 'portrait-full-1'), minor)).toBe('minor');
      expect(asked).toHaveLength(1);
      await analyzeHairline({ face: await photoOf(ctx, 'bald-1') }, minor);
      expect(asked).toHaveLength(1);
      // the paid call comes last: a photo refused by a cheap check never reaches it
      const dark = await sharp(await photoOf(ctx, 'portrait-full-1'))
        .linear(0.12, 0)
        .jpeg()
        .toBuffer();
      expect(await rejection(new Uint8Array(dark), minor)).toBe('too_dark');
      expect(await rejection(await coveredForehead(ctx), minor)).toBe('forehead_covered');
      expect(asked).toHaveLength(1);
      const adult: AnalysisDeps = {
        ...deps,
        ageEstimator: { paid: true, ageRange: async () => ({ low: 30, high: 40 }) },
      };
      expect((await analyzeHairline({ face: await photoOf(ctx, 'portrait-full-1') }, adult)).measurements.view).toBe(
        'front',
      );
    },
    T,
  );

  it(
    'starts a free age estimate (the local model) as soon as the face is found, and still refuses a minor',
    async (ctx) => {
      let asked = 0;
      const free = (range: { low: number; high: number }): AnalysisDeps => ({
        ...deps,
        ageEstimator: {
          paid: false,
          ageRange: async () => {
            asked++;
            return range;
          },
        },
      });
      // asked before the forehead is measured: the photo refused after the face search has had its estimate
      expect(await rejection(await coveredForehead(ctx), free({ low: 30, high: 40 }))).toBe('forehead_covered');
      expect(asked).toBe(1);
      expect(await rejection(await photoOf(ctx, 'portrait-full-1'), free({ low: 11, high: 16 }))).toBe('minor');
      expect(asked).toBe(2);
    },
    T,
  );

  it(
    'reads a covered forehead on a face rolled far over from above (a head seen from above misread as a face)',
    async (ctx) => {
      const covered = await coveredForehead(ctx);
      // the same photo, its face read as rolled by this many degrees
      const rolled = (roll: number): AnalysisDeps => {
        const detector = deps.faceDetector;
        return {
          ...deps,
          faceDetector: {
            detect: async (image) =>
              (await detector.detect(image)).map((f) => ({ ...f, pose: { yaw: 0, pitch: 0, ...f.pose, roll } })),
            ...(detector.findTipped ? { findTipped: detector.findTipped.bind(detector) } : {}),
          },
        };
      };
      expect(await rejection(covered, rolled(MAX_FRONT_ROLL - 5))).toBe('forehead_covered');
      const fromAbove = await analyzeHairline({ face: covered }, rolled(MAX_FRONT_ROLL + 5));
      expect(fromAbove.measurements.view).toBe('top');
    },
    T,
  );

  it(
    'an upright face read both tipped down and rolled far over is a misread: the tipped search is made instead',
    async (ctx) => {
      const photo = await photoOf(ctx, 'face-1');
      const searches: number[] = [];
      const posed = (pitch: number, roll: number): AnalysisDeps => {
        const detector = deps.faceDetector;
        return {
          ...deps,
          faceDetector: {
            detect: async (image) =>
              (await detector.detect(image)).map((f) => ({ ...f, pose: { yaw: 0, ...f.pose, pitch, roll } })),
            findTipped: async (image) => {
              searches.push(roll);
              return detector.findTipped!(image);
            },
          },
        };
      };
      // tipped but hardly rolled (a bowed head), rolled but not tipped (a tilted face): the face is taken
      await analyzeHairline({ face: photo }, posed(BOWED_PITCH + 10, MAX_FRONT_ROLL - 5));
      await analyzeHairline({ face: photo }, posed(0, MAX_FRONT_ROLL + 15));
      expect(searches).toEqual([]);
      // both: its mesh lies across the head, and the search looks again
      await analyzeHairline({ face: photo }, posed(BOWED_PITCH + 10, MAX_FRONT_ROLL + 40)).catch(() => undefined);
      expect(searches).toEqual([MAX_FRONT_ROLL + 40]);
    },
    T,
  );

  it(
    'rejects non-image bytes, tiny images and random noise (no face and no scalp)',
    async () => {
      expect(await rejection(new TextEncoder().encode('definitely not a photo'))).toBe('undecodable');
      const tiny = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c08060' } })
        .png()
        .toBuffer();
      expect(await rejection(new Uint8Array(tiny))).toBe('too_small');
      let s = 12345;
      const noise = Buffer.alloc(256 * 256 * 3).map(() => {
        s = (s * 1103515245 + 12345) >>> 0;
        return s >>> 24;
      });
      const noisePng = await sharp(noise, { raw: { width: 256, height: 256, channels: 3 } })
        .png()
        .toBuffer();
      expect(await rejection(new Uint8Array(noisePng))).toBe('no_hair');
    },
    T,
  );

  it(
    'rejects a photo with two people',
    async (ctx) => {
      const face = await sharp(await photoOf(ctx, 'face-1'))
        .resize(240, 240)
        .toBuffer();
      const two = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#808080' } })
        .composite([
          { input: face, left: 40, top: 80 },
          { input: face, left: 360, top: 80 },
        ])
        .jpeg()
        .toBuffer();
      expect(await rejection(new Uint8Array(two))).toBe('multiple_faces');
    },
    T,
  );

  it(
    'refuses a decompression bomb before decoding it',
    async () => {
      const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      await expect(normalizePhoto(new Uint8Array(bomb))).rejects.toMatchObject({ code: 'undecodable' });
    },
    T,
  );

  it(
    'converts grayscale and 16-bit input to sRGB 8-bit',
    async (ctx) => {
      const gray16 = await sharp(await photoOf(ctx, 'full-1'))
        .grayscale()
        .toColourspace('grey16')
        .png()
        .toBuffer();
      const n = await normalizePhoto(new Uint8Array(gray16));
      const meta = await sharp(n.jpeg).metadata();
      expect(meta.channels).toBe(3);
      expect(meta.space).toBe('srgb');
      expect(meta.depth).toBe('uchar');
    },
    T,
  );
});

describe('the camera’s bowed frame (test/browser/camera-guidance.test.ts): chin out of the frame', () => {
  it(
    'the general detector misses it, the tipped search finds it, and the photo is read as bowed',
    async (ctx) => {
      const jpeg = new Uint8Array(await bowedFrameJpeg(await namedPhoto(ctx, 'bowed-2'), 640, 480));
      const input = await resized(await resized(await decodePhoto(jpeg), FRONT_SIDE), DETECT_SIDE);
      expect(mainFace(await deps.faceDetector.detect(input))).toBeUndefined();
      const [server] = (await searchTippedFaces(input)).faces;
      expect(server?.pose?.pitch).toBeGreaterThan(22);
      expect(server?.crop).toBeUndefined();
      expect((await analyzeHairline({ face: jpeg }, deps)).measurements.view).toBe('bowed');
      // the local age check reads it too: the face as the mesh read it
      const withCrop = mainFace((await deps.faceDetector.findTipped!(input)).faces);
      expect(withCrop!.crop).toMatchObject({ width: 192, height: 192 });
      expect(withCrop!.landmarks).toEqual(server!.landmarks);
      const age = await deps.ageEstimator!.ageRange({ photo: input, face: withCrop! });
      expect(age!.high).toBeGreaterThan(25);

      // the camera's variant of the search (upright windows only, a canvas's RGBA) finds the same face
      const rgba = new Uint8Array(input.width * input.height * 4);
      for (let i = 0; i < input.width * input.height; i++) rgba.set(input.rgb.subarray(3 * i, 3 * i + 3), 4 * i);
      const models = await tippedFaceModels();
      const image = models.tf.tensor4d(Float32Array.from(input.rgb), [1, input.height, input.width, 3]);
      const pixels = { data: rgba, width: input.width, height: input.height, channels: 4 as const };
      const camera = await searchTippedFace(models, image, pixels, UPRIGHT_TURNS);
      models.tf.dispose(image);
      expect(camera).toBeDefined();
      expect(meshPose(camera!.mesh.points).pitch).toBeCloseTo(server!.pose!.pitch, 3);
    },
    T,
  );
});
