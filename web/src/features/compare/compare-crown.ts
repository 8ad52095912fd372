/**
 * The crown photos of two shared ratings side by side. Kept apart from the six metrics (compare.ts): the crown's
 * figures are measurements, not the metric words, and a side without a crown photo has nothing to set against them.
 */
import type { SharedCrown, SharedRating } from '#shared/schemas.ts';
import { coveragePercent } from '#shared/share-card.ts';
import { winnerOf, type Side, type Winner } from './compare.ts';

export type CrownRowKey = 'norwoodStage' | 'topCoverage' | 'frontalCoverage';

export interface CrownRow {
  key: CrownRowKey;
  title: string;
  /** the side's figure as shown ("5", "40%"); null when that side has no crown figures or the photo lacked the zone */
  a: string | null;
  b: string | null;
  /** only when both sides have the figure: the lower stage, the higher coverage */
  winner: Winner | null;
}

export interface CrownComparison {
  /** which sides' ratings had a crown photo */
  measured: Record<Side, boolean>;
  rows: CrownRow[];
}

/** Same words as the crown panel of a result (results/measurements.ts). */
export const CROWN_ROW_TITLES: Record<CrownRowKey, string> = {
  norwoodStage: 'Crown: Norwood stage',
  topCoverage: 'Top (crown) zone',
  frontalCoverage: 'Around the crown',
};

type WithCrown = Partial<Pick<SharedRating, 'crownMeasured' | 'crown'>>;

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** A figure of one side's crown, as a number to compare (percent points for coverage, so 40% and 40% tie). */
function figure(crown: SharedCrown | undefined, key: CrownRowKey): number | null {
  if (!crown) return null;
  if (key === 'norwoodStage') return crown.norwoodStage;
  const v = crown[key];
  return finite(v) ? Math.round(Math.max(0, Math.min(1, v)) * 100) : null;
}

const shown = (key: CrownRowKey, v: number | null) =>
  v === null ? null : key === 'norwoodStage' ? String(v) : coveragePercent(v / 100);

/** Null when neither rating had a crown photo: the page then shows no crown section at all. */
export function compareCrowns(a: WithCrown, b: WithCrown): CrownComparison | null {
  const measured = { a: !!(a.crownMeasured || a.crown), b: !!(b.crownMeasured || b.crown) };
  if (!measured.a && !measured.b) return null;
  const keys: CrownRowKey[] = ['norwoodStage', 'topCoverage', 'frontalCoverage'];
  const rows = keys.map((key): CrownRow => {
    const va = figure(a.crown, key);
    const vb = figure(b.crown, key);
    // a lower Norwood stage is the better crown; more coverage is better
    const winner = va === null || vb === null ? null : key === 'norwoodStage' ? winnerOf(vb, va) : winnerOf(va, vb);
    return { key, title: CROWN_ROW_TITLES[key], a: shown(key, va), b: shown(key, vb), winner };
  });
  return { measured, rows };
}

/** Said plainly under the crown table when only one side had a crown photo; null when both did. */
export function crownNote(c: CrownComparison, names: Record<Side, string>): string | null {
  const missing = (['a', 'b'] as const).filter((s) => !c.measured[s]);
  if (missing.length === 0) return null;
  const [side] = missing as [Side];
  return `${names[side]}'s rating has no crown photo, so the crowns are not compared.`;
}
