/** How long (seconds) a share card may be cached, by browsers and at the edge: a revoked link's card is gone after this. */
export const SHARE_CARD_MAX_AGE = 300;

/** Coverage (0..1) as a whole percentage: "40%". */
export const coveragePercent = (share: number) => `${Math.round(Math.max(0, Math.min(1, share)) * 100)}%`;

/**
 * The crown photo's key figures in one line (share card): its own Norwood stage, and the hair on the crown zone when
 * the photo showed it. "Crown: Norwood stage 5 · 40% covered"
 */
export function crownFiguresText(crown: { norwoodStage: number; topCoverage: number | null }): string {
  const stage = `Crown: Norwood stage ${crown.norwoodStage}`;
  return typeof crown.topCoverage === 'number' && Number.isFinite(crown.topCoverage)
    ? `${stage} · ${coveragePercent(crown.topCoverage)} covered`
    : stage;
}
