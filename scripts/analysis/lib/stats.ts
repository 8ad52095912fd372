/** Rank statistics for judging the score against ordinal stage labels. */

export function ranks(values: number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2;
    i = j + 1;
  }
  return out;
}

export function pearson(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let sab = 0,
    saa = 0,
    sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return saa === 0 || sbb === 0 ? 0 : sab / Math.sqrt(saa * sbb);
}

export function spearman(a: number[], b: number[]): number {
  return pearson(ranks(a), ranks(b));
}

/** Probability that a random `positive` value exceeds a random `negative` one (ties count half). */
export function auc(positives: number[], negatives: number[]): number {
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return positives.length && negatives.length ? wins / (positives.length * negatives.length) : NaN;
}

/** A small seeded generator (mulberry32): the same bootstrap every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 95 % percentile bootstrap interval of Spearman's rho, resampling whole groups (copies of one photo stay together), so
 * the interval reflects the distinct photos, not the files.
 */
export function bootstrapSpearman(
  scores: number[],
  labels: number[],
  groups: number[],
  resamples = 1000,
  seed = 1,
): [number, number] {
  const members = new Map<number, number[]>();
  groups.forEach((g, i) => members.set(g, [...(members.get(g) ?? []), i]));
  const ids = [...members.keys()];
  const random = seededRandom(seed);
  const rhos: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const picked: number[] = [];
    for (let k = 0; k < ids.length; k++) picked.push(...members.get(ids[Math.floor(random() * ids.length)]!)!);
    const rho = spearman(
      picked.map((i) => scores[i]!),
      picked.map((i) => labels[i]!),
    );
    if (Number.isFinite(rho)) rhos.push(rho);
  }
  rhos.sort((x, y) => x - y);
  return [rhos[Math.floor(0.025 * (rhos.length - 1))]!, rhos[Math.ceil(0.975 * (rhos.length - 1))]!];
}

/** AUC of each stage against the next one up: the chance a photo of the lower stage scores higher. */
export function adjacentAucs(scores: number[], labels: number[]): { lower: number; higher: number; auc: number }[] {
  const stages = [...new Set(labels)].sort((a, b) => a - b);
  const of = (s: number) => scores.filter((_, i) => labels[i] === s);
  return stages.slice(1).map((higher, k) => ({ lower: stages[k]!, higher, auc: auc(of(stages[k]!), of(higher)) }));
}

/**
 * The rho a perfect score would read on these labels: every photo of a higher label scoring lower, no two scores equal.
 * Photos of one label tie in the label but not in the score, so the more of them share a label, the further the best
 * possible rho lies from −1 (75 of 102 photos on one label cap it at −0.77).
 */
export function spearmanCeiling(labels: number[]): number {
  const perfect = labels.map((label, i) => -(label * labels.length + i));
  return spearman(perfect, labels);
}

/**
 * Of every two photos with different labels, the share the score orders right (the higher label scoring lower; a tied
 * score counts half): 1 for a perfect score whatever the labels, 0.5 for chance.
 */
export function concordance(scores: number[], labels: number[]): number {
  let right = 0,
    pairs = 0;
  for (let i = 0; i < scores.length; i++)
    for (let j = i + 1; j < scores.length; j++) {
      if (labels[i] === labels[j]) continue;
      const [lower, higher] = labels[i]! < labels[j]! ? [i, j] : [j, i];
      right += scores[lower]! > scores[higher]! ? 1 : scores[lower] === scores[higher] ? 0.5 : 0;
      pairs++;
    }
  return pairs ? right / pairs : NaN;
}

/**
 * Spearman's rho on as many photos of each label as the rarest label has, drawn at random (whole groups of copies at
 * a time, without replacement) `draws` times: the median and 95 % range. Sets with different label mixes can be
 * compared on it, and so can a set and a target, where plain rho is capped by the commonest label (spearmanCeiling).
 */
export function balancedSpearman(
  scores: number[],
  labels: number[],
  groups: number[],
  draws = 1000,
  seed = 1,
): { median: number; low: number; high: number; perLabel: number } {
  const byLabel = new Map<number, Map<number, number[]>>();
  labels.forEach((label, i) => {
    const of = byLabel.get(label) ?? new Map<number, number[]>();
    of.set(groups[i]!, [...(of.get(groups[i]!) ?? []), i]);
    byLabel.set(label, of);
  });
  const perLabel = Math.min(...[...byLabel.values()].map((of) => of.size));
  const random = seededRandom(seed);
  const rhos: number[] = [];
  for (let d = 0; d < draws; d++) {
    const picked: number[] = [];
    for (const of of byLabel.values()) {
      const ids = [...of.keys()];
      for (let k = 0; k < perLabel; k++) {
        const j = k + Math.floor(random() * (ids.length - k));
        [ids[k], ids[j]] = [ids[j]!, ids[k]!];
        picked.push(...of.get(ids[k]!)!);
      }
    }
    rhos.push(
      spearman(
        picked.map((i) => scores[i]!),
        picked.map((i) => labels[i]!),
      ),
    );
  }
  rhos.sort((x, y) => x - y);
  const at = (q: number) => rhos[Math.round(q * (rhos.length - 1))]!;
  return { median: at(0.5), low: at(0.025), high: at(0.975), perLabel };
}
