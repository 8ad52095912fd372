/** The one statistics helper: its rank convention, the usual median, and quickselect agreeing with a full sort. */
import { describe, expect, it } from 'vitest';
import { kthSmallest, mean, median, quantile } from '#shared/statistics.ts';

describe('quantile: the value at rank ⌊p·(n−1)⌋, never interpolated', () => {
  it('on ten values: p50 is the lower middle, p95 the ninth, p = 0 and 1 the least and the greatest', () => {
    const ten = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
    expect(quantile(ten, 0)).toBe(1);
    expect(quantile(ten, 0.5)).toBe(5);
    expect(quantile(ten, 0.95)).toBe(9);
    expect(quantile(ten, 0.99)).toBe(9);
    expect(quantile(ten, 1)).toBe(10);
    expect(ten).toEqual([10, 1, 9, 2, 8, 3, 7, 4, 6, 5]);
  });

  it('quickselect gives exactly what a full sort gives, on float32 pixels and with many ties', () => {
    let s = 7;
    const values = Float32Array.from({ length: 5001 }, () => {
      s = (s * 1103515245 + 12345) >>> 0;
      return (s >>> 8) / 65536;
    });
    const sorted = Float32Array.from(values).sort();
    for (const p of [0, 0.25, 0.5, 0.75, 0.95, 0.99, 1])
      expect(quantile(values, p)).toBe(sorted[Math.floor(p * (sorted.length - 1))]);
    expect(quantile(new Float32Array(100).fill(3), 0.99)).toBe(3);
    expect(quantile([2, 2, 1, 1, 2, 1], 0.5)).toBe(1);
  });

  it('one value is every quantile; no value has none', () => {
    expect(quantile([4], 0.3)).toBe(4);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('median and mean', () => {
  it('median: the middle value, or the midpoint of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([-1, 10])).toBe(4.5);
    expect(median([])).toBeNaN();
  });

  it('median by selection equals the median of a full sort, odd and even counts, many ties, and NaN sorted last', () => {
    let s = 11;
    const next = () => {
      s = (s * 1103515245 + 12345) >>> 0;
      return s >>> 8;
    };
    const sortedMedian = (v: ArrayLike<number>) => {
      const sorted = Float64Array.from(v).sort();
      const m = sorted.length >> 1;
      return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
    };
    for (const n of [1, 2, 3, 10, 999, 1000, 4096]) {
      const spread = Float32Array.from({ length: n }, () => next() / 65536);
      const ties = Array.from({ length: n }, () => next() % 5);
      expect(median(spread), `${n} spread`).toBe(sortedMedian(spread));
      expect(median(ties), `${n} ties`).toBe(sortedMedian(ties));
    }
    expect(median([3, NaN, 1, 2])).toBe(2.5);
  });

  it('kthSmallest: the value a full sort puts at rank k, with every smaller rank at most it', () => {
    const values = Float32Array.from({ length: 777 }, (_, i) => Math.fround(Math.sin(i * 12.9898) * 43758.5453) % 1);
    const sorted = Float32Array.from(values).sort();
    for (const k of [0, 1, 388, 582, 776]) {
      const a = Float32Array.from(values);
      expect(kthSmallest(a, k)).toBe(sorted[k]);
      expect(Math.max(...a.subarray(0, k), -Infinity)).toBeLessThanOrEqual(a[k]!);
    }
  });

  it('mean', () => {
    expect(mean([1, 2, 3, 6])).toBe(3);
    expect(mean(Float32Array.of(0.5, 1.5))).toBe(1);
    expect(mean([])).toBeNaN();
  });
});
