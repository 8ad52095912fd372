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
});
