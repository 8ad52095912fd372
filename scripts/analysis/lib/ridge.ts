/**
 * Ridge regression with an unpenalised intercept, solved by Gaussian elimination; each row's squared error counts
 * `rowWeights[i]` times (1 when not given).
 */
export function ridge(
  x: number[][],
  y: number[],
  lambda: number,
  rowWeights?: number[],
): { intercept: number; weights: number[] } {
  const k = x[0]!.length + 1;
  const a = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  x.forEach((row, i) => {
    const r = [1, ...row];
    const w = rowWeights?.[i] ?? 1;
    for (let p = 0; p < k; p++) {
      for (let q = 0; q < k; q++) a[p]![q]! += w * r[p]! * r[q]!;
      a[p]![k]! += w * r[p]! * y[i]!;
    }
  });
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
