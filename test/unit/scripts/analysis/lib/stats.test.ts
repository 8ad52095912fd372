import { describe, expect, it } from 'vitest';
import { auc, spearman } from '#scripts/analysis/lib/stats.ts';
import { ridge } from '#scripts/analysis/lib/ridge.ts';

describe('eval statistics', () => {
  it('Spearman is ±1 for monotone relations and handles ties', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 400])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1);
    expect(spearman([1, 1, 2, 2], [1, 2, 3, 4])).toBeCloseTo(0.894, 3);
  });

  it('AUC counts ties as half', () => {
    expect(auc([3, 4], [1, 2])).toBe(1);
    expect(auc([1], [1])).toBe(0.5);
  });

  it('ridge recovers a linear relation when lambda is small', () => {
    const x = [[0], [1], [2], [3]];
    const fit = ridge(x, [1, 3, 5, 7], 1e-9);
    expect(fit.intercept).toBeCloseTo(1);
    expect(fit.weights[0]).toBeCloseTo(2);
  });

  it('ridge with a spread penalty moves the weight off the direction it penalises', () => {
    // two features carry the target alike; the second is where copies of one photo differ
    const x = [
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ];
    const y = [0, 1, 2, 3];
    const free = ridge(x, y, 1e-3);
    expect(free.weights[0]).toBeCloseTo(0.5, 2);
    expect(free.weights[1]).toBeCloseTo(0.5, 2);
    const held = ridge(x, y, 1e-3, undefined, { rows: [[0, 1]], weights: [1e4] });
    expect(Math.abs(held.weights[1]!)).toBeLessThan(0.01);
    expect(held.weights[0]).toBeCloseTo(1, 2);
    expect(held.intercept).toBeCloseTo(0, 2);
  });
});
