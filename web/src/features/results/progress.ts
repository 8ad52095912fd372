import type { MetricDeltas, PhotoView, Progress } from '#shared/schemas.ts';
import { VIEW_KIND_PHOTO_WORDS, viewKindOf, type ViewKind } from '#shared/view-kinds.ts';
import { formatDate } from '#web/lib/dates.ts';

/** Measurement changes below this (as a share, 0.5 percentage points) are shown as "about the same". */
export const MEASUREMENT_NOISE = 0.005;
const MINUS = '\u2212';

export type Trend = 'up' | 'down' | 'same';

/** "12 Oct" (or "12 Oct 2025" when the previous rating is from another year than `now`), in the visitor's locale. */
export function formatShortDate(iso: string, now: Date = new Date(), locale?: string): string {
  return formatDate(iso, { now, ...(locale ? { locale } : {}) });
}

/** "+4", "−3" (a real minus sign) or "±0". */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `${MINUS}${Math.abs(n)}`;
  return '±0';
}

export function scoreTrend(delta: number): Trend {
  return delta > 0 ? 'up' : delta < 0 ? 'down' : 'same';
}

/** "+4 since 12 Oct" (a progress with a score delta: the previous rating was of the same view) */
export function formatScoreProgress(
  progress: Pick<Progress, 'previousCreatedAt'> & { scoreDelta: number },
  now?: Date,
): string {
  return `${signed(progress.scoreDelta)} since ${formatShortDate(progress.previousCreatedAt, now)}`;
}

/**
 * When the previous rating is of another kind or view: say so, and what to do, instead of a delta that would compare
 * apples and pears. `kind`: this rating's (shared/view-kinds.ts); the previous one's is named by the API
 * (`previousKind`), or by its view alone on answers from before the API named it.
 */
export function otherViewNote(
  progress: Pick<Progress, 'previousCreatedAt' | 'previousView' | 'previousKind'>,
  kind: ViewKind | undefined,
  now?: Date,
): string {
  const previous = progress.previousKind ?? viewKindOf({ measurements: { view: progress.previousView ?? 'front' } });
  const date = formatShortDate(progress.previousCreatedAt, now);
  if (previous === kind) {
    // both of the hairline from above: the face was in view in only one of them, so they were measured differently
    return `Your previous analysis (${date}) was also ${VIEW_KIND_PHOTO_WORDS[kind]}, but your face was in view in only one of the two, so they were measured differently and are not compared. Keep your eyes in the photo next time to see your progress.`;
  }
  const current = kind ? ` and this one is ${VIEW_KIND_PHOTO_WORDS[kind]}` : '';
  return `Your previous analysis (${date}) was ${VIEW_KIND_PHOTO_WORDS[previous]}${current}, so the two are not compared. Take the same kind of photo next time to see your progress.`;
}

export interface MeasurementChange {
  key: keyof MetricDeltas;
  text: string;
  /** better: good news for the hairline; worse: bad news; same: within noise */
  tone: 'better' | 'worse' | 'same';
}

/**
 * Front-view lengths (forehead height, temple corners) are in middle facial thirds; changes below this read as "about
 * the same": 0.03 of a mid-face is about 2 mm on an adult face, less than two photos of the same head differ by.
 */
export const FACE_UNIT_NOISE = 0.03;

interface Unit {
  noise: number;
  amount(delta: number): string;
}
/** shares (coverage; lengths of ratings stored before the view existed): "5 points" */
const SHARE: Unit = { noise: MEASUREMENT_NOISE, amount: (d) => `${Math.round(Math.abs(d) * 1000) / 10} points` };
/** front-view lengths: "0.05× mid-face" */
const FACE: Unit = { noise: FACE_UNIT_NOISE, amount: (d) => `${Math.abs(d).toFixed(2)}× mid-face` };

interface Words {
  name: string;
  more: string;
  less: string;
  moreIsBetter: boolean;
  unit: Unit;
}
type NumericKey = Exclude<keyof MetricDeltas, 'norwoodStage'>;

const COVERAGE_WORDS = {
  frontalCoverage: { name: 'Front coverage', more: 'up', less: 'down', moreIsBetter: true, unit: SHARE },
  topCoverage: { name: 'Top coverage', more: 'up', less: 'down', moreIsBetter: true, unit: SHARE },
} as const satisfies Partial<Record<NumericKey, Words>>;

/**
 * Per view, the measurements that compare and their words. The API compares only ratings of the same view, so the
 * current rating's view says what the deltas mean; a crown photo has no forehead or temples.
 */
const WORDS_BY_VIEW: Record<
  PhotoView | 'hairline-from-above' | 'stored-before-views',
  Partial<Record<NumericKey, Words>>
> = {
  front: {
    hairlineHeightRatio: { name: 'Hairline', more: 'higher', less: 'lower', moreIsBetter: false, unit: FACE },
    templeRecession: { name: 'Temple corners', more: 'deeper', less: 'shallower', moreIsBetter: false, unit: FACE },
    ...COVERAGE_WORDS,
  },
  bowed: {
    hairlineHeightRatio: { name: 'Hairline', more: 'higher', less: 'lower', moreIsBetter: false, unit: FACE },
    templeRecession: { name: 'Temple corners', more: 'deeper', less: 'shallower', moreIsBetter: false, unit: FACE },
    ...COVERAGE_WORDS,
  },
  top: {
    frontalCoverage: { name: 'Coverage around the crown', more: 'up', less: 'down', moreIsBetter: true, unit: SHARE },
    topCoverage: COVERAGE_WORDS.topCoverage,
  },
  // a hairline photo of a head bowed so far its face was missed: measured from above, but the ring is not the crown's
  'hairline-from-above': {
    frontalCoverage: { name: 'Coverage around the top', more: 'up', less: 'down', moreIsBetter: true, unit: SHARE },
    topCoverage: COVERAGE_WORDS.topCoverage,
  },
  'stored-before-views': {
    hairlineHeightRatio: { name: 'Hairline', more: 'higher', less: 'lower', moreIsBetter: false, unit: SHARE },
    templeRecession: { name: 'Temple recession', more: 'deeper', less: 'shallower', moreIsBetter: false, unit: SHARE },
    ...COVERAGE_WORDS,
  },
};

const MEASUREMENT_ORDER = [
  'norwoodStage',
  'hairlineHeightRatio',
  'templeRecession',
  'frontalCoverage',
  'topCoverage',
] as const;

function stageChange(d: number): MeasurementChange {
  if (d === 0) return { key: 'norwoodStage', text: 'Norwood stage unchanged', tone: 'same' };
  const stages = Math.abs(d) === 1 ? '1 stage' : `${Math.abs(d)} stages`;
  return {
    key: 'norwoodStage',
    text: `Norwood stage ${d < 0 ? 'down' : 'up'} ${stages} (${d < 0 ? 'better' : 'worse'})`,
    tone: d < 0 ? 'better' : 'worse',
  };
}

/**
 * The measurement deltas in plain words, e.g. "Hairline lower by 0.05× mid-face", "Norwood stage down 1 stage (better)".
 * `view`: the current rating's; absent for ratings stored before the view existed.
 */
export function describeMeasurementChanges(
  deltas: MetricDeltas | undefined,
  view?: PhotoView,
  kind?: ViewKind,
): MeasurementChange[] {
  if (!deltas) return [];
  const words =
    WORDS_BY_VIEW[view === 'top' && kind === 'above' ? 'hairline-from-above' : (view ?? 'stored-before-views')];
  const out: MeasurementChange[] = [];
  for (const key of MEASUREMENT_ORDER) {
    const d: unknown = deltas[key];
    if (typeof d !== 'number' || !Number.isFinite(d)) continue;
    if (key === 'norwoodStage') {
      out.push(stageChange(d));
      continue;
    }
    const w = words[key];
    if (!w) continue;
    if (Math.abs(d) < w.unit.noise) {
      out.push({ key, text: `${w.name} about the same`, tone: 'same' });
      continue;
    }
    const more = d > 0;
    out.push({
      key,
      text: `${w.name} ${more ? w.more : w.less} by ${w.unit.amount(d)}`,
      tone: more === w.moreIsBetter ? 'better' : 'worse',
    });
  }
  return out;
}
