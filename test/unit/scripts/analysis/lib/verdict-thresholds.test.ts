/** Fitting the thresholds of the hairline verdicts (verdict-thresholds.ts): on made-up measurements. */
import { describe, expect, it } from 'vitest';
import {
  agreementOf,
  bestThreshold,
  crossValidateWords,
  fitBoundaries,
  type WordsRow,
} from '#scripts/analysis/lib/verdict-thresholds.ts';

describe('fitting the thresholds', () => {
  it('puts a threshold in the middle of the gap that splits best, balancing both sides', () => {
    const values = [0.1, 0.2, 0.25, 0.5, 0.6].map((v, i) => ({ v, above: i >= 3 }));
    expect(bestThreshold(values)).toEqual({ threshold: 0.375, balancedAccuracy: 1 });
    // three "below" and one stray "above" among them: the split still lands where most of each side is right
    const noisy = [0.1, 0.2, 0.3, 0.35, 0.7, 0.8].map((v, i) => ({ v, above: i === 1 || i >= 4 }));
    expect(bestThreshold(noisy)!.threshold).toBeCloseTo(0.525, 6);
    expect(bestThreshold([{ v: 1, above: true }])).toBeUndefined();
  });

  it('picks the measure that separates each pair of levels, and holds the agreement out', () => {
    // temples separate level 1 from 2, the midline 2 from 3, the stage 3 from 4; the other measures are noise
    const rows: WordsRow[] = [];
    for (let i = 0; i < 60; i++) {
      const label = 1 + (i % 4);
      const noise = ((i * 37) % 11) / 10;
      rows.push({
        label,
        templeRecession: (label >= 2 ? 0.4 : 0.1) + noise / 100,
        hairlineHeightRatio: (label >= 3 ? 1.2 : 0.9) + noise / 100,
        stageEstimate: (label >= 4 ? 6 : 2) + noise,
      });
    }
    const fitted = fitBoundaries(rows);
    expect(fitted.map((b) => b.measure)).toEqual(['templeRecession', 'hairlineHeightRatio', 'stageEstimate']);
    const held = agreementOf(
      rows,
      crossValidateWords(rows, (i) => i % 5),
    );
    expect(held.agreement).toBe(1);
    expect(held.baseline).toBe(0.25);
    expect(held.byLabel).toHaveLength(4);
    // labels shuffled against the measures: held out, no better than chance
    const shuffled = rows.map((r, i) => ({ ...r, label: rows[(i * 7 + 3) % rows.length]!.label }));
    const chance = agreementOf(
      shuffled,
      crossValidateWords(shuffled, (i) => i % 5),
    );
    expect(chance.agreement).toBeLessThan(0.5);
  });
});
