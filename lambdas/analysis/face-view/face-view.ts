/**
 * The two views with a face: `front` (a portrait or selfie) and `bowed` (the head tipped down to show the hairline from
 * above). Person mask and face mesh → face-aligned grid (for a bowed head corrected for the pitch, pitch.ts) → skin model
 * from the face → hairline traced inside the head → measurements in face units. A front photo whose head runs off the
 * top edge is refused; a bowed one simply does not show the top of the head, which is then not measured (null).
 */
import { MIN_FOREHEAD } from '#shared/capture-rules.ts';
import { AnalysisRejectedError } from '../errors.ts';
import {
  faceAxes,
  sampleFaceGrid,
  toImage,
  colOf,
  gridX,
  rowOf,
  type FaceAxes,
  type FaceGrid,
} from '../faces/face-grid.ts';
import type { DetectedFace, PersonMask, Point, ProbabilityMap } from '../types.ts';
import { pitchScales } from '../faces/pitch.ts';
import {
  frontalBand,
  CLASS,
  TOP_SHARE,
  classify,
  faceSkin,
  foreignForeheadShare,
  maskCertainty,
  measureFront,
  traceFrontHairline,
  type FaceSkin,
  type HairlineTrace,
} from './front.ts';
import { greyTopShare } from './grey-hair.ts';
import { hairLengthBelowBrows } from './hair-length.ts';
import type { PixelMaps } from '../photo/pixels.ts';
import { textureShare, type ViewAnalysis } from '../view-analysis.ts';
import { round3 } from '#shared/statistics.ts';
import type { Drawing } from '../overlay/overlay.ts';
import { maskOutline } from '../overlay/hair-outline.ts';
import { guardSkinAsHair, withoutTakenBack } from './skin-guard.ts';

/** log strand texture of the smoothest and the densest hair behind the hairline in the dev portraits */
const TEXTURE_SMOOTH = -3.4,
  TEXTURE_DENSE = -1.4;

export type FaceView = 'front' | 'bowed';

/** the hairline's measurements a front view's score reads, by name (a bowed view's lack `topCoverage`) */
export const HAIRLINE_FEATURES = [
  'foreheadHeight',
  'templeDepth',
  'templeBare',
  'frontalCoverage',
  'topCoverage',
  'bareWidth',
  'hairDepth',
  'texture',
] as const;

/** a forehead this much covered by something neither hair nor skin (a hat brim, a band) is not measured */
const FOREIGN_FOREHEAD = 0.4;

/** The face's axes in pixels of maps `scale` times the detector's input, corrected for the pitch on a bowed head. */
export function faceViewAxes(face: DetectedFace, scale: number, view: FaceView): FaceAxes | undefined {
  const lm: Record<string, Point> = {};
  for (const [k, p] of Object.entries(face.landmarks)) lm[k] = { x: p.x * scale, y: p.y * scale };
  return faceAxes(lm, view === 'bowed' ? pitchScales(face.pose?.pitch ?? 0) : undefined);
}

/**
 * What a face view found: its measurements, or a forehead hidden under hair, a hat or a hand; either way how much of the
 * top of the head the mask left bare reads as grey hair (grey-hair.ts), and the face's skin it was compared with.
 */
export type FaceOutcome = ({ kind: 'measured'; analysis: ViewAnalysis } | { kind: 'forehead_covered' }) & {
  greyShare: number;
  skin: FaceSkin;
};

export function analyzeFace(
  maps: PixelMaps,
  mask: PersonMask,
  hair: ProbabilityMap,
  axes: FaceAxes,
  view: FaceView,
): FaceOutcome {
  const grid = sampleFaceGrid(maps, mask, hair, axes);
  const skin = faceSkin(grid);
  const masked = classify(grid);
  const guard = guardSkinAsHair(grid, masked, skin);
  const classes = guard.classes;
  const trace = traceFrontHairline(grid, classes);
  if (view === 'front' && headRunsOffPhoto(grid, classes, trace, true)) throw new AnalysisRejectedError('face_cut_off');
  const topInView = !headRunsOffPhoto(grid, classes, trace, false);
  const m = measureFront(grid, classes, trace, skin);
  const greyShare = greyTopShare(grid, classes, trace, skin);
  if (m.foreheadHeight < MIN_FOREHEAD || foreignForeheadShare(grid, classes, trace, skin) >= FOREIGN_FOREHEAD) {
    return { kind: 'forehead_covered', greyShare, skin };
  }
  const templeDepth = (m.templeLeft + m.templeRight) / 2;
  const templeBare = (m.templeBareLeft + m.templeBareRight) / 2;
  const topCoverage = topInView ? m.topCoverage : null;
  return {
    kind: 'measured',
    greyShare,
    skin,
    analysis: {
      view,
      features: {
        foreheadHeight: m.foreheadHeight,
        templeDepth,
        templeBare,
        frontalCoverage: m.frontalCoverage,
        // a bowed head rarely shows the top of the head, so its score does without it
        ...(view === 'front' ? { topCoverage: m.topCoverage } : {}),
        bareWidth: m.bareWidth,
        hairDepth: m.hairDepth,
        texture: m.texture,
      } satisfies Partial<Record<(typeof HAIRLINE_FEATURES)[number], number>>,
      measurements: {
        view,
        hairlineHeightRatio: round3(m.foreheadHeight),
        templeRecession: round3(templeDepth),
        templeLeft: round3(m.templeLeft),
        templeRight: round3(m.templeRight),
        templeBareShare: round3(templeBare),
        frontalCoverage: round3(m.frontalCoverage),
        topCoverage: topCoverage === null ? null : round3(topCoverage),
        bareTopShare: topCoverage === null ? null : round3(1 - topCoverage),
        strandTexture: textureShare(m.texture, TEXTURE_SMOOTH, TEXTURE_DENSE),
        // a bowed head's hair falls towards the camera: its length beside the face is not read
        ...(view === 'front' ? { hairLength: round3(hairLengthBelowBrows(hair, axes, maps)) } : {}),
      },
      shine: m.shine,
      evenness: 1 - Math.min(1, Math.abs(m.templeLeft - m.templeRight)),
      trust: maskCertainty(grid, classes),
      skinGuard: guard.reading,
      ...(guard.reading.beyondHead + guard.reading.onHead > 0
        ? { hairTakenBack: { grid, cells: guard.takenBack, frame: { width: maps.width, height: maps.height } } }
        : {}),
      // the mask it measured: at the head's scale where a second pass was made (head-crop.ts)
      drawing: {
        ...faceDrawing(grid, trace, maps, m.foreheadHeight, topInView),
        hairOutline: maskOutline(
          // what the engine called hair: the mask without what the skin guard took back
          withoutTakenBack(hair, grid, guard.takenBack, (x, y) => ({
            x: (x * maps.width) / hair.width,
            y: (y * maps.height) / hair.height,
          })),
        ),
      },
    },
  };
}

/**
 * The head running off the photo's edge above the forehead, at the midline. `bareOnly`: only skin that runs off counts
 * (a front photo: bald or cut off, nobody can tell); otherwise hair does too (the top of a bowed head is not in view).
 */
export function headRunsOffPhoto(
  grid: FaceGrid,
  classes: Uint8Array,
  trace: HairlineTrace,
  bareOnly: boolean,
): boolean {
  const w = grid.axes.halfWidth;
  let cut = 0,
    n = 0;
  for (let c = colOf(-0.15 * w); c <= colOf(0.15 * w); c++) {
    n++;
    const top = trace.headTop[c];
    if (top === undefined || (bareOnly && !trace.bare[c])) continue;
    const r = rowOf(top);
    const atEdge = classes[r * grid.cols + c]!;
    // a bald top cut by the edge is skin there: a dark strip the hair model marks at the edge above bare skin is
    // something behind the head (a picture frame), and the bare top ends under it
    const runsOff = bareOnly ? atEdge === CLASS.skin : atEdge !== CLASS.background;
    if (r > 0 && !grid.inside[(r - 1) * grid.cols + c] && runsOff) cut++;
  }
  return n > 0 && cut / n > 0.5;
}

/** What the overlay draws of a face view: the measured zones, the traced hairline, the temple corners and the ruler. */
export function faceDrawing(
  grid: FaceGrid,
  trace: HairlineTrace,
  maps: { width: number; height: number },
  forehead: number,
  topInView: boolean,
): Drawing {
  const { axes } = grid;
  const frac = (p: Point): Point => ({ x: p.x / maps.width, y: p.y / maps.height });
  const at = (x: number, y: number) => frac(toImage(axes, x, y));
  const w = axes.halfWidth;
  const cols = [...trace.height.keys()].filter((c) => trace.height[c] !== undefined && Math.abs(gridX(c)) <= 0.95 * w);
  // where forehead skin runs to the head's outline there is no hairline to draw, only the outline (a bald head's top)
  const traced = cols.filter((c) => !trace.bare[c]);
  const hairline = pieces(traced).map((piece) => piece.map((c) => at(gridX(c), trace.height[c]!)));
  const band = [
    ...cols.map((c) => at(gridX(c), Math.min(trace.headTop[c]!, frontalBand(trace, c)![1]))),
    ...[...cols].reverse().map((c) => at(gridX(c), frontalBand(trace, c)![0])),
  ];
  const topCols = cols.filter((c) => Math.abs(gridX(c)) <= 0.7 * w);
  const top = [
    ...topCols.map((c) => at(gridX(c), trace.headTop[c]!)),
    ...[...topCols].reverse().map((c) => at(gridX(c), TOP_SHARE * trace.headTop[c]!)),
  ];
  const corner = (sign: number) => {
    const cs = traced.filter((c) => sign * gridX(c) >= 0.45 * w && sign * gridX(c) <= 0.85 * w);
    const best = cs.reduce<number | undefined>(
      (b, c) => (b === undefined || trace.height[c]! > trace.height[b]! ? c : b),
      undefined,
    );
    return best === undefined ? [] : [at(gridX(best), trace.height[best]!)];
  };
  return {
    zones: [
      // beside the band's left end, so it never sits on the top zone's label when the band runs along a bald head's outline
      { label: 'frontal', points: band, ...(band[0] ? { labelAt: band[band.length - 1]! } : {}) },
      ...(topInView && top.length > 2 ? [{ label: 'top', points: top }] : []),
    ],
    hairline,
    markers: [...corner(-1), ...corner(1)],
    ruler: { from: at(0, 0), to: at(0, forehead), label: `${forehead.toFixed(2)}×` },
  };
}

/** grid columns → runs of neighbouring columns */
function pieces(cols: number[]): number[][] {
  const out: number[][] = [];
  for (const c of cols) {
    const last = out.at(-1);
    if (last && c === last.at(-1)! + 1) last.push(c);
    else out.push([c]);
  }
  return out;
}
