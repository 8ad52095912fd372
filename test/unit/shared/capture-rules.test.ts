/**
 * The camera's live guidance against the server: the same thresholds (shared/capture-rules.ts), the same readings of
 * the same pixels, and for every reading the guidance passes, no refusal from the server's checks it mirrors.
 */
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import * as rules from '#shared/capture-rules.ts';
import { faceColourSpread } from '#shared/photo-quality.ts';
import { viewOf } from '#lambdas/analysis/engine.ts';
import { decodePhoto, resized } from '#lambdas/analysis/photo/photo.ts';
import { readQuality as serverQuality, rejectIfNoColour, rejectPoorQuality } from '#lambdas/analysis/photo/quality.ts';
import { AnalysisRejectedError } from '#lambdas/analysis/errors.ts';
import type { DetectedFace } from '#lambdas/analysis/types.ts';
import {
  captureInstruction,
  firstFailingRule,
  INSTRUCTIONS,
  type FaceReading,
  type FrameReading,
} from '#web/features/analyze/capture-guidance.ts';
import { foreheadSkinShare, readNoHead, readQuality } from '#web/features/analyze/frame-reading.ts';
import { datasetPhotos } from '#test/support/dataset-photos.ts';
import { drawnHead } from '#test/support/drawn-photos.ts';

const goodFace: FaceReading = {
  confidence: 0.95,
  area: 0.2,
  yaw: 0,
  pitch: 0,
  faceUnit: 0.08,
  foreheadSkin: 0.9,
  colourSpread: 20,
};
const goodFrame: FrameReading = {
  brightLuma: 180,
  clippedShare: 0.01,
  detail: 30,
  faces: [goodFace],
  neighbourDiff: 3,
  skinShare: 0.3,
  lumaSd: 40,
};
const frame = (patch: Partial<FrameReading>, face: Partial<FaceReading> = {}): FrameReading => ({
  ...goodFrame,
  faces: [{ ...goodFace, ...face }],
  ...patch,
});
const crownFrame = (patch: Partial<FrameReading> = {}): FrameReading => ({ ...goodFrame, faces: [], ...patch });

/** the server's refusal code for a reading, or 'ok' */
function serverVerdict(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (error instanceof AnalysisRejectedError) return error.code;
    throw error;
  }
}

/** RGB (sharp's raw output) → RGBA (a canvas's ImageData) */
function toRgba({ rgb, width, height }: { rgb: Uint8Array; width: number; height: number }) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data.set(rgb.subarray(3 * i, 3 * i + 3), 4 * i);
    data[4 * i + 3] = 255;
  }
  return { data, width, height };
}

describe('the guidance reads the server thresholds', () => {
  it('one instruction per failing rule, first failing rule wins', () => {
    expect(captureInstruction(goodFrame, 'face')).toEqual({ rule: 'ready', text: INSTRUCTIONS.ready });
    expect(captureInstruction(frame({ faces: [], skinShare: 0 }), 'face').text).toBe('Fit your face in the oval');
    // a head in the frame but no face found: bowed too far for the browser's detector
    expect(captureInstruction(frame({ faces: [] }), 'face').text).toBe(
      'Lift your head until your eyes show, or switch to Crown',
    );
    expect(captureInstruction(frame({}, { faceUnit: 0.01 }), 'face').text).toBe('Move closer');
    expect(captureInstruction(frame({ brightLuma: 20 }), 'face').text).toBe('More light');
    expect(captureInstruction(frame({}, { pitch: -30 }), 'face').text).toBe(
      'Tilt your head down a little to show your hairline',
    );
    expect(captureInstruction(frame({ detail: 1 }), 'face').text).toBe('Hold still');
    // dark and too small: the light comes first, one thing at a time
    expect(firstFailingRule(frame({ brightLuma: 20 }, { faceUnit: 0.01 }), 'face')).toBe('too_dark');
  });

  it('brightness, overexposure and sharpness switch exactly at the server thresholds', () => {
    expect(firstFailingRule(frame({ brightLuma: rules.MIN_BRIGHT_LUMA }), 'face')).toBe('ready');
    expect(firstFailingRule(frame({ brightLuma: rules.MIN_BRIGHT_LUMA - 0.01 }), 'face')).toBe('too_dark');
    expect(firstFailingRule(frame({ clippedShare: rules.MAX_CLIPPED_SHARE }), 'face')).toBe('ready');
    expect(firstFailingRule(frame({ clippedShare: rules.MAX_CLIPPED_SHARE + 0.01 }), 'face')).toBe('overexposed');
    expect(firstFailingRule(frame({ detail: rules.MIN_DETAIL }), 'face')).toBe('ready');
    expect(firstFailingRule(frame({ detail: rules.MIN_DETAIL - 0.01 }), 'face')).toBe('blurred');
  });

  it('face size, turn and pitch switch at the server thresholds; a head tipped down is fine', () => {
    expect(firstFailingRule(frame({}, { faceUnit: rules.MIN_FACE_UNIT }), 'face')).toBe('ready');
    expect(firstFailingRule(frame({}, { faceUnit: rules.MIN_FACE_UNIT - 0.001 }), 'face')).toBe('too_small');
    expect(firstFailingRule(frame({}, { yaw: -rules.MAX_YAW }), 'face')).toBe('ready');
    expect(firstFailingRule(frame({}, { yaw: rules.MAX_YAW + 1 }), 'face')).toBe('turned');
    expect(firstFailingRule(frame({}, { pitch: rules.BOWED_PITCH + 20 }), 'face')).toBe('ready');
    expect(firstFailingRule(frame({}, { pitch: rules.MAX_CORRECTED_PITCH + 1 }), 'face')).toBe('too_far_down');
    expect(firstFailingRule(frame({}, { pitch: -rules.MAX_HEAD_BACK_PITCH - 1 }), 'face')).toBe('head_back');
  });

  it('a weak face is no face; a second person as large as the server counts is refused', () => {
    const weak = { confidence: rules.MIN_FACE_CONFIDENCE - 0.01 };
    expect(firstFailingRule(frame({ skinShare: 0 }, weak), 'face')).toBe('no_face');
    expect(firstFailingRule(frame({}, weak), 'face')).toBe('face_hidden');
    const other = { ...goodFace, area: goodFace.area * rules.COMPARABLE_FACE_AREA };
    expect(firstFailingRule({ ...goodFrame, faces: [goodFace, other] }, 'face')).toBe('several_people');
    const poster = { ...other, area: other.area * 0.9 };
    expect(firstFailingRule({ ...goodFrame, faces: [goodFace, poster] }, 'face')).toBe('ready');
  });

  it('a covered forehead is flagged on a face from the front only: the server reads a tipped head from above', () => {
    const covered = { foreheadSkin: rules.MIN_FOREHEAD_SKIN_SHARE - 0.05 };
    expect(firstFailingRule(frame({}, covered), 'face')).toBe('forehead_covered');
    expect(firstFailingRule(frame({}, { ...covered, pitch: rules.TIPPED_PITCH + 1 }), 'face')).toBe('ready');
    expect(firstFailingRule(frame({}, { ...covered, roll: rules.MAX_FRONT_ROLL - 1 }), 'face')).toBe(
      'forehead_covered',
    );
    expect(firstFailingRule(frame({}, { ...covered, roll: -rules.MAX_FRONT_ROLL - 1 }), 'face')).toBe('ready');
    expect(firstFailingRule(frame({}, { foreheadSkin: null }), 'face')).toBe('ready');
  });

  it('crown mode: no face wanted, the server no-head thresholds, light and sharpness as ever', () => {
    expect(firstFailingRule(crownFrame(), 'crown')).toBe('ready');
    expect(firstFailingRule(frame({}), 'crown')).toBe('face_in_crown');
    expect(firstFailingRule(crownFrame({ skinShare: rules.NO_HEAD.minSkinShare - 0.001 }), 'crown')).toBe('no_head');
    expect(firstFailingRule(crownFrame({ lumaSd: rules.NO_HEAD.minLumaSd - 0.1 }), 'crown')).toBe('no_head');
    const noisy = crownFrame({ neighbourDiff: rules.NO_HEAD.maxNeighbourDiff + 1 });
    expect(firstFailingRule(noisy, 'crown')).toBe('no_head');
    expect(firstFailingRule(crownFrame({ brightLuma: 10 }), 'crown')).toBe('too_dark');
    expect(firstFailingRule(crownFrame({ detail: 1 }), 'crown')).toBe('blurred');
  });
});

describe('the guidance never passes what the server refuses', () => {
  it('quality: for any reading, the guidance passes exactly when rejectPoorQuality does', () => {
    const toRule: Record<string, string> = {
      ok: 'ready',
      too_dark: 'too_dark',
      overexposed: 'overexposed',
      blurred: 'blurred',
    };
    const value = (max: number) => fc.double({ min: 0, max, noNaN: true });
    fc.assert(
      fc.property(value(255), value(1), value(40), (brightLuma, clippedShare, detail) => {
        const server = serverVerdict(() => rejectPoorQuality({ brightLuma, clippedShare, detail, meanLuma: 120 }));
        expect(firstFailingRule(frame({ brightLuma, clippedShare, detail }), 'face')).toBe(toRule[server]);
      }),
    );
  });

  it('pose and size: a face the guidance passes is one engine.ts viewOf accepts', () => {
    const image = { width: 384, height: 288 };
    const angle = (max: number) => fc.double({ min: -max, max, noNaN: true });
    fc.assert(
      fc.property(angle(80), angle(90), fc.double({ min: 2, max: 60, noNaN: true }), (yaw, pitch, unit) => {
        const face: DetectedFace = {
          box: { x: 100, y: 50, width: 150, height: 180 },
          confidence: 0.99,
          pose: { yaw, pitch, roll: 0 },
          landmarks: {
            browLeft: { x: 150, y: 100 },
            browRight: { x: 230, y: 100 },
            noseBase: { x: 190, y: 100 + unit },
          },
        };
        const server = serverVerdict(() => viewOf(face, image));
        const guided = firstFailingRule(frame({}, { yaw, pitch, faceUnit: unit / 384 }), 'face');
        if (guided === 'ready') expect(server).toBe('ok');
        // within the pitches the guidance adds no rule of its own, it holds exactly the faces the server refuses
        if (pitch >= -rules.MAX_HEAD_BACK_PITCH && pitch <= rules.MAX_CORRECTED_PITCH) {
          expect(server === 'ok').toBe(guided === 'ready');
        }
      }),
    );
  });

  it('colour: a face without colour around it is held exactly when the server refuses it', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 40, noNaN: true }), (colourSpread) => {
        const guided = firstFailingRule(frame({}, { colourSpread }), 'face');
        expect(guided === 'no_colour').toBe(colourSpread < rules.MIN_COLOUR_SPREAD);
      }),
    );
  });

  it('colour: the browser reads the colour around a face as the server does, on the image the face was found on', async () => {
    const work = await resized(await decodePhoto(await drawnHead()), rules.DETECT_SIDE);
    const box = { x: work.width * 0.3, y: work.height * 0.25, width: work.width * 0.4, height: work.height * 0.5 };
    const { data } = toRgba(work);
    const browser = faceColourSpread({ data, width: work.width, height: work.height, channels: 4 }, box);
    expect(browser).toBe(
      faceColourSpread({ data: work.rgb, width: work.width, height: work.height, channels: 3 }, box),
    );
    expect(browser).toBeGreaterThan(rules.MIN_COLOUR_SPREAD);
    expect(serverVerdict(() => rejectIfNoColour(work, box))).toBe('ok');
    const grey = await resized(
      await decodePhoto(
        await sharp(await drawnHead())
          .grayscale()
          .jpeg()
          .toBuffer(),
      ),
      rules.DETECT_SIDE,
    );
    expect(serverVerdict(() => rejectIfNoColour(grey, box))).toBe('no_colour');
  });

  async function sameFigures(photo: Uint8Array) {
    const work = await resized(await decodePhoto(photo), rules.QUALITY_SIDE);
    const server = serverQuality(work);
    const browser = readQuality(toRgba(work));
    expect(browser.brightLuma).toBeCloseTo(server.brightLuma, 3);
    expect(browser.clippedShare).toBe(server.clippedShare);
    expect(browser.detail).toBeCloseTo(server.detail, 3);
    return work;
  }

  it('the browser reads a frame as the server reads the photo: same quality figures on a drawn head', async () => {
    const work = await sameFigures(await drawnHead());
    const noHead = readNoHead(toRgba(await resized(work, rules.DETECT_SIDE)));
    expect(noHead.skinShare).toBeGreaterThan(rules.NO_HEAD.minSkinShare);
  });

  it('the browser reads a frame as the server reads the photo: same quality figures on real photos', async (ctx) => {
    const photos = [
      ...(await datasetPhotos(ctx, { set: 'norwood-groups', label: 1, count: 1 })),
      ...(await datasetPhotos(ctx, { set: 'norwood-groups', label: 4, count: 1 })),
    ];
    for (const { bytes } of photos) {
      const work = await sameFigures(bytes);
      // a real portrait has a head in the middle
      const noHead = readNoHead(toRgba(await resized(work, rules.DETECT_SIDE)));
      expect(noHead.skinShare).toBeGreaterThan(rules.NO_HEAD.minSkinShare);
    }
  });
});

describe('the forehead check reads only what it can tell', () => {
  const W = 200,
    H = 200;
  const SKIN = [200, 150, 120],
    HAIR = [40, 30, 25];
  /** a face-coloured square with the band above the brows (y 60..100) painted `forehead` */
  function face(forehead: number[]) {
    const data = new Uint8ClampedArray(W * H * 4);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        data.set([...(y >= 60 && y < 100 ? forehead : SKIN), 255], 4 * (y * W + x));
      }
    }
    return { data, width: W, height: H };
  }
  const brows = { x: 100, y: 100 },
    noseBase = { x: 100, y: 160 },
    between = { x: 100, y: 110 };

  it('bare forehead: mostly skin; hair down to the brows: none', () => {
    expect(foreheadSkinShare(face(SKIN), brows, noseBase, between)).toBe(1);
    expect(foreheadSkinShare(face(HAIR), brows, noseBase, between)).toBeLessThan(rules.MIN_FOREHEAD_SKIN_SHARE);
  });

  it('cannot tell: the band leaves the frame, or the reference is not skin', () => {
    expect(foreheadSkinShare(face(SKIN), { x: 100, y: 10 }, { x: 100, y: 70 }, between)).toBeNull();
    const grey = face([128, 128, 128]);
    expect(foreheadSkinShare(grey, brows, noseBase, { x: 100, y: 80 })).toBeNull();
  });
});

describe('frame readings of a canvas frame', () => {
  /** like a canvas's ImageData: its fields are getters on the prototype, not own properties */
  class CanvasFrame {
    readonly #pixels: Uint8ClampedArray;
    constructor(
      private readonly w: number,
      private readonly h: number,
    ) {
      this.#pixels = Uint8ClampedArray.from({ length: 4 * w * h }, (_, i) => (i % 4 === 3 ? 255 : (i * 37) % 256));
    }
    get data() {
      return this.#pixels;
    }
    get width() {
      return this.w;
    }
    get height() {
      return this.h;
    }
  }

  it('reads the same from an ImageData-like frame as from its plain fields', () => {
    const frame = new CanvasFrame(64, 48);
    const plain = { data: frame.data, width: frame.width, height: frame.height };
    expect(readQuality(frame)).toEqual(readQuality(plain));
    expect(readQuality(frame).brightLuma).toBeGreaterThan(0);
  });
});

describe('sharpness is read apart from the light', () => {
  // soft stripes: up over `ramp` px, as long at the top, down, as long at black (each step a whole number of levels)
  const softStripes = (top: number, ramp = 16) => {
    const width = 128,
      height = 64;
    const level = (x: number) => {
      const p = x % (4 * ramp);
      return p < ramp ? (p * top) / ramp : p < 2 * ramp ? top : p < 3 * ramp ? ((3 * ramp - p) * top) / ramp : 0;
    };
    const rgb = new Uint8Array(3 * width * height);
    for (let i = 0; i < width * height; i++) rgb.fill(level(i % width), 3 * i, 3 * i + 3);
    return serverQuality({ rgb, width, height });
  };

  it('a sharp photo in poor light reads as sharp as in good light: not refused as blurred', () => {
    const lit = softStripes(rules.LIT_LUMA);
    const dim = softStripes(rules.LIT_LUMA / 2);
    expect(lit.detail).toBeCloseTo(rules.LIT_LUMA / 16, 3);
    expect(dim.brightLuma).toBeGreaterThanOrEqual(rules.MIN_BRIGHT_LUMA);
    // read raw, half the light halves the edges (4, under MIN_DETAIL) and the same scene was refused as blurred
    expect(dim.detail).toBeCloseTo(lit.detail, 3);
    expect(() => rejectPoorQuality(lit)).not.toThrow();
    expect(() => rejectPoorQuality(dim)).not.toThrow();
  });

  it('a photo lit beyond LIT_LUMA reads its edges as they are, and soft edges are still blurred', () => {
    expect(softStripes(240).detail).toBeCloseTo(240 / 16, 3);
    // in poor light as in good, edges spread twice as wide are half as sharp: under MIN_DETAIL, refused as blurred
    for (const top of [rules.LIT_LUMA, rules.LIT_LUMA / 2]) {
      const spread = softStripes(top, 32);
      expect(spread.detail).toBeCloseTo(rules.LIT_LUMA / 32, 3);
      expect(() => rejectPoorQuality(spread)).toThrow(AnalysisRejectedError);
    }
  });
});
