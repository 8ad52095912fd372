/**
 * "Mature hairline or receding?" in words: one of four verdicts with a one-line reason, from the front view's temple
 * (height against the midline, bare share of the corners) and midline measurements and the continuous Norwood estimate. The thresholds are fitted on the labelled portraits (level 1
 * full, 2 temple recession, 3 advanced frontal loss, 4 bald on top) by `npm run fit:words` and committed in
 * hairline-words-fit.json with their held-out agreement, which /accuracy shows; nothing here is typed by hand.
 */
import fit from './hairline-words-fit.json' with { type: 'json' };
import { VERDICT_POINTS, agrees } from './reading-words.ts';
import { estimateShown } from './hairline.ts';

export const HAIRLINE_VERDICTS = [
  'Mature hairline (typical adult hairline, not hair loss)',
  'Early recession at the temples',
  'Receding hairline',
  'Advanced hair loss',
] as const;
export type HairlineVerdict = (typeof HAIRLINE_VERDICTS)[number];

/** the measures a boundary can be drawn on; each grows with hair loss */
export const VERDICT_MEASURES = ['templeRecession', 'templeBareShare', 'hairlineHeightRatio', 'stageEstimate'] as const;
export type VerdictMeasure = (typeof VERDICT_MEASURES)[number];

/**
 * One step up the verdicts: a photo whose `measure` is at or above `threshold` has more loss than verdict `below`
 * (index into HAIRLINE_VERDICTS). `stageThreshold` is the same step on the Norwood estimate alone, used when the photo
 * lacks the measure (a bowed or crown view has no temple corners in sight).
 */
export interface VerdictBoundary {
  below: number;
  measure: VerdictMeasure;
  threshold: number;
  stageThreshold: number;
}

/** how often the verdict agreed with the portrait labels on photos the thresholds were not fitted on */
export interface VerdictAgreement {
  /** scored photos (the engine refuses some) */
  n: number;
  /** share whose verdict is the label's (level 1 → the first verdict … level 4 → the last) */
  agreement: number;
  /** share within one verdict of the label */
  withinOne: number;
  /** share the most common label alone would get right: the figure to beat */
  baseline: number;
  /** per label: photos and the share given that label's verdict */
  byLabel: { label: number; n: number; agreement: number }[];
}

export interface VerdictFit {
  /** the labelled folder, e.g. "portraits/men" */
  fittedOn: string;
  /** how the agreement was held out, in a phrase for /accuracy */
  heldOutBy: string;
  boundaries: VerdictBoundary[];
  heldOut: VerdictAgreement;
}

export const VERDICT_FIT = fit as VerdictFit;

export interface VerdictInputs {
  templeRecession: number | null | undefined;
  /** share of bare skin in the temple corners (0..1) */
  templeBareShare?: number | null | undefined;
  hairlineHeightRatio: number | null | undefined;
  /** the continuous Norwood estimate, 1..7 */
  stageEstimate: number;
  /** the score shown beside the verdict: the verdict never contradicts it (reading-words.ts) */
  score?: number;
  /**
   * a crown photo was joined to the face photo: `stageEstimate` is then the face photo's own (the verdict is about the
   * hairline, which a thinner crown does not move back), and the reason says so
   */
  crownBeside?: boolean;
}

const valueOf = (inputs: VerdictInputs, measure: VerdictMeasure): number | null => {
  const v = inputs[measure];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/** The index of the verdict: the highest step whose threshold the photo reaches (steps are ordered by `below`). */
export function verdictIndex(inputs: VerdictInputs, boundaries = VERDICT_FIT.boundaries): number {
  let level = 0;
  for (const b of boundaries) if (reaches(inputs, b)) level = b.below + 1;
  return level;
}

function reaches(inputs: VerdictInputs, b: VerdictBoundary): boolean {
  const v = valueOf(inputs, b.measure);
  return v === null ? inputs.stageEstimate >= b.stageThreshold : v >= b.threshold;
}

/** The boundary a verdict's reason quotes: the step the photo crossed to reach it, or the first step for the lowest. */
function boundaryFor(level: number, boundaries: readonly VerdictBoundary[]): VerdictBoundary {
  return boundaries.find((b) => b.below === level - 1) ?? boundaries[0]!;
}

/** "a mature hairline's", "early recession's", "a receding hairline's": the verdict below a step, as an owner */
const LOWER_OWNER = ["a mature hairline's", "early recession's", "a receding hairline's"] as const;

const f2 = (v: number) => Math.abs(v).toFixed(2);
const pct = (share: number) => `${Math.round(100 * share)} %`;

/** "your temples sit 0.40 face units above your midline; a mature hairline's sit within 0.30" */
export function reasonSentence(inputs: VerdictInputs, b: VerdictBoundary): string {
  const owner = LOWER_OWNER[b.below] ?? LOWER_OWNER[0];
  const v = valueOf(inputs, b.measure);
  if (b.measure === 'templeRecession' && v !== null) {
    const where = v >= 0 ? 'above' : 'below';
    return `your temples sit ${f2(v)} face units ${where} your midline; ${owner} sit within ${f2(b.threshold)}`;
  }
  if (b.measure === 'templeBareShare' && v !== null) {
    return `bare skin covers ${pct(v)} of your temple corners; ${owner} at most ${pct(b.threshold)}`;
  }
  if (b.measure === 'hairlineHeightRatio' && v !== null) {
    return `your hairline sits ${f2(v)} face units above your brows at the midline; ${owner} sits within ${f2(b.threshold)}`;
  }
  const t = v === null ? b.stageThreshold : b.threshold;
  const [estimate, below] = apart(inputs.stageEstimate, t);
  return `${estimateOwner(inputs)} is ${estimate}; ${owner} is below ${below}`;
}

export interface HairlineWords {
  verdict: HairlineVerdict;
  /** one line, lower case first: the result shows it after the verdict */
  reason: string;
}

/**
 * The verdict the measurements reach, moved to the nearest one that agrees with the score (reading-words.ts): a temple
 * corner that looks full does not make a bald top "Mature". A verdict so moved gives the Norwood estimate as its reason.
 */
export function hairlineWords(inputs: VerdictInputs, boundaries = VERDICT_FIT.boundaries): HairlineWords {
  const measured = verdictIndex(inputs, boundaries);
  const level = inputs.score === undefined ? measured : agreeingLevel(measured, inputs.score);
  const reason =
    level === measured
      ? reasonSentence(inputs, boundaryFor(level, boundaries))
      : `${estimateOwner(inputs)} of ${estimateShown(inputs.stageEstimate).toFixed(1)} and your score of ${inputs.score} say ${
          level > measured ? 'more' : 'less'
        } than the hairline's outline alone`;
  return { verdict: HAIRLINE_VERDICTS[level]!, reason };
}

/**
 * An estimate and the threshold it reached, to one decimal as the result shows an estimate, or to two where one would
 * print them alike ("is 1.8; … below 1.8" for 1.84 against 1.78)
 */
function apart(estimate: number, threshold: number): [string, string] {
  const one = [estimateShown(estimate).toFixed(1), threshold.toFixed(1)] as const;
  return one[0] !== one[1] ? [one[0], one[1]] : [estimate.toFixed(2), threshold.toFixed(2)];
}

/** whose Norwood estimate a reason quotes: beside a crown photo, the face photo's own, not the joined one shown */
const estimateOwner = (inputs: VerdictInputs) =>
  inputs.crownBeside ? "your hairline's own Norwood estimate (the face photo alone)" : 'your Norwood estimate';

function agreeingLevel(measured: number, score: number): number {
  for (let d = 0; d < VERDICT_POINTS.length; d++) {
    for (const level of [measured - d, measured + d]) {
      const points = VERDICT_POINTS[level];
      if (points !== undefined && agrees(points, { score })) return level;
    }
  }
  return measured;
}

/** the fields of a result the verdict line reads */
export interface VerdictSource {
  score: number;
  norwoodStage: number;
  measurements: { templeRecession: number | null; templeBareShare?: number | null; hairlineHeightRatio: number | null };
  ageComparison?: { stageEstimate: number } | undefined;
  /** a crown photo joined to the face photo: the face photo's own estimate, which the verdict reads (older ratings lack it) */
  crown?: { faceStageEstimate?: number | undefined } | undefined;
}

/** The verdict line of a result, as the result page shows it and the consistency checker reads it. */
export function verdictOfResult(r: VerdictSource): HairlineWords {
  const own = r.crown?.faceStageEstimate;
  return hairlineWords({
    templeRecession: r.measurements.templeRecession,
    templeBareShare: r.measurements.templeBareShare,
    hairlineHeightRatio: r.measurements.hairlineHeightRatio,
    stageEstimate: own ?? r.ageComparison?.stageEstimate ?? r.norwoodStage,
    score: r.score,
    ...(own !== undefined ? { crownBeside: true } : {}),
  });
}
