/**
 * Ridge regression with an unpenalised intercept, solved by Gaussian elimination; each row's squared error counts
 * `rowWeights[i]` times (1 when not given). `spread` adds a penalty on the prediction's differences along given
 * directions, with no intercept: Σ weight · (w · row)². Rows that are one photo's copies minus their mean make the
 * fit read every copy alike (stage-model-fit.ts TURN_SPREAD).
 */
export function ridge(
  x: number[][],
  y: number[],
  lambda: number,
  rowWeights?: number[],
  spread?: { rows: number[][]; weights: number[] },
): { intercept: number; weights: number[] } {
  const k = x[0]!.length + 1;
  const a = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  const add = (r: number[], target: number, w: number) => {
    for (let p = 0; p < k; p++) {
      const wp = w * r[p]!;
      if (wp === 0) continue;
      for (let q = 0; q < k; q++) a[p]![q]! += wp * r[q]!;
      a[p]![k]! += wp * target;
    }
  };
  x.forEach((row, i) => add([1, ...row], y[i]!, rowWeights?.[i] ?? 1));
  spread?.rows.forEach((row, i) => add([0, ...row], 0, spread.weights[i]!));
  for (let p = 1; p < k; p++) a[p]![p]! += lambda;
  for (let c = 0; c < k; c++) {
    let piv = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[piv]![c]!)) piv = r;
    [a[c], a[piv]] = [a[piv]!, a[c]!];
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let q = c; q <= k; q++) a[r]![q]! -= f * a[c]![q]!;
    }
  }
  const sol = a.map((row, p) => row[k]! / row[p]!);
  return { intercept: sol[0]!, weights: sol.slice(1) };
}
