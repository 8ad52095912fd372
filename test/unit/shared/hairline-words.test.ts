import { describe, expect, it } from 'vitest';
import {
  HAIRLINE_VERDICTS,
  VERDICT_FIT,
  hairlineWords,
  verdictIndex,
  type VerdictBoundary,
} from '#shared/hairline-words.ts';

const boundaries: VerdictBoundary[] = [
  { below: 0, measure: 'templeRecession', threshold: 0.3, stageThreshold: 1.8 },
  { below: 1, measure: 'hairlineHeightRatio', threshold: 1.05, stageThreshold: 2.7 },
  { below: 2, measure: 'stageEstimate', threshold: 4.1, stageThreshold: 4.1 },
];

describe('the hairline verdict', () => {
  it('climbs one verdict per threshold reached, at the threshold itself', () => {
    const at = (templeRecession: number, hairlineHeightRatio: number, stageEstimate: number) =>
      hairlineWords({ templeRecession, hairlineHeightRatio, stageEstimate }, boundaries).verdict;
    expect(at(0.29, 0.9, 1.5)).toBe('Mature hairline (typical adult hairline, not hair loss)');
    expect(at(0.3, 0.9, 1.5)).toBe('Early recession at the temples');
    expect(at(0.4, 1.05, 3)).toBe('Receding hairline');
    expect(at(0.4, 1.2, 4.1)).toBe('Advanced hair loss');
  });

  it('says the reason with the measure and the threshold it was judged on', () => {
    expect(
      hairlineWords({ templeRecession: 0.4, hairlineHeightRatio: 0.9, stageEstimate: 1.5 }, boundaries).reason,
    ).toBe("your temples sit 0.40 face units above your midline; a mature hairline's sit within 0.30");
    expect(
      hairlineWords({ templeRecession: -0.05, hairlineHeightRatio: 0.9, stageEstimate: 1.5 }, boundaries).reason,
    ).toBe("your temples sit 0.05 face units below your midline; a mature hairline's sit within 0.30");
    expect(hairlineWords({ templeRecession: 0.4, hairlineHeightRatio: 1.1, stageEstimate: 3 }, boundaries).reason).toBe(
      "your hairline sits 1.10 face units above your brows at the midline; early recession's sits within 1.05",
    );
    expect(
      hairlineWords({ templeRecession: 0.4, hairlineHeightRatio: 1.2, stageEstimate: 5.04 }, boundaries).reason,
    ).toBe("your Norwood estimate is 5.0; a receding hairline's is below 4.1");
  });

  it('says the bare share of the temple corners in per cent', () => {
    const bare: VerdictBoundary[] = [{ below: 0, measure: 'templeBareShare', threshold: 0.2, stageThreshold: 1.8 }];
    const words = hairlineWords(
      { templeRecession: 0.1, templeBareShare: 0.45, hairlineHeightRatio: 0.9, stageEstimate: 2 },
      bare,
    );
    expect(words).toEqual({
      verdict: 'Early recession at the temples',
      reason: "bare skin covers 45 % of your temple corners; a mature hairline's at most 20 %",
    });
  });

  it('falls back on the Norwood estimate where the photo has no temple corners or midline', () => {
    const crown = { templeRecession: null, hairlineHeightRatio: null };
    expect(verdictIndex({ ...crown, stageEstimate: 1.7 }, boundaries)).toBe(0);
    expect(verdictIndex({ ...crown, stageEstimate: 1.8 }, boundaries)).toBe(1);
    expect(verdictIndex({ ...crown, stageEstimate: 3 }, boundaries)).toBe(2);
    expect(hairlineWords({ ...crown, stageEstimate: 1.9 }, boundaries).reason).toBe(
      "your Norwood estimate is 1.9; a mature hairline's is below 1.8",
    );
  });

  it('never prints an estimate and the threshold it passed alike: two decimals where one would', () => {
    const crown = { templeRecession: null, hairlineHeightRatio: null };
    const close: VerdictBoundary[] = [{ below: 0, measure: 'stageEstimate', threshold: 1.82, stageThreshold: 1.82 }];
    expect(hairlineWords({ ...crown, stageEstimate: 1.84 }, close).reason).toBe(
      "your Norwood estimate is 1.84; a mature hairline's is below 1.82",
    );
  });

  it("beside a crown photo, quotes the hairline's own estimate and says whose it is", () => {
    const crown = { templeRecession: null, hairlineHeightRatio: null };
    expect(hairlineWords({ ...crown, stageEstimate: 1.9, crownBeside: true }, boundaries).reason).toBe(
      "your hairline's own Norwood estimate (the face photo alone) is 1.9; a mature hairline's is below 1.8",
    );
  });

  it('ships fitted thresholds, one step per pair of verdicts, rising with the stage, with a held-out figure', () => {
    expect(VERDICT_FIT.boundaries.map((b) => b.below)).toEqual([0, 1, 2]);
    const stages = VERDICT_FIT.boundaries.map((b) => b.stageThreshold);
    expect([...stages].sort((a, b) => a - b)).toEqual(stages);
    expect(VERDICT_FIT.heldOut.n).toBeGreaterThan(50);
    expect(VERDICT_FIT.heldOut.byLabel.map((l) => l.label)).toEqual([1, 2, 3, 4]);
    // better than saying the commonest label to everyone
    expect(VERDICT_FIT.heldOut.agreement).toBeGreaterThan(VERDICT_FIT.heldOut.baseline);
    expect(HAIRLINE_VERDICTS).toHaveLength(VERDICT_FIT.boundaries.length + 1);
  });
});
