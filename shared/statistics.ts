/**
 * The one mean, median and quantile of the project: the server's and the camera guidance's photo-quality reading, the
 * engine, the fitting scripts and the benchmarks all summarise with these, so a p95 or a median means the same
 * everywhere. Empty input gives NaN: there is no such value, and a caller that wants a default says so itself.
 *
 * Rank convention of `quantile`: the value at 0-based rank ⌊p·(n−1)⌋ of the values in ascending order, with no
 * interpolation (numpy's `method='lower'`): always one of the values, p = 0 the least, p = 1 the greatest, and
 * quantile(values, 0.5) the lower of the two middle values. `median` is the usual median instead: for an even count,
 * the midpoint of the two middle values.
 */

export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return NaN;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return NaN;
  const a = Float64Array.from(values);
  // NaN has no rank for the selection to find: sorted, it goes last, as it always did
  if (a.some(Number.isNaN)) return sortedMedian(a.sort());
  const m = a.length >> 1;
  const upper = kthSmallest(a, m);
  if (a.length % 2) return upper;
  // every value the selection left below rank m is at most the value there: the greatest of them is the lower middle
  let lower = -Infinity;
  for (let i = 0; i < m; i++) if (a[i]! > lower) lower = a[i]!;
  return (lower + upper) / 2;
}

function sortedMedian(s: Float64Array): number {
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The value at rank ⌊p·(n−1)⌋ (see above), found by quickselect in linear time: a whole photo's pixels are no burden. */
export function quantile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return NaN;
  const a = Float64Array.from(values);
  return kthSmallest(a, Math.floor(Math.min(1, Math.max(0, p)) * (a.length - 1)));
}

/**
 * The value of 0-based rank k in ascending order, by quickselect (Hoare partition), reordering `a` in place: every value
 * left of k ends at most a[k], every value right of it at least a[k].
 */
export function kthSmallest(a: Float32Array | Float64Array, k: number): number {
  let lo = 0,
    hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo,
      j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k]!;
}

/** a figure as the engine's measurements and the eval's summaries keep it: three decimals */
export function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
