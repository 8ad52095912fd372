/**
 * The eval's stability step: a sample of the scored photos, each changed as a phone or a user would change it
 * (transforms.ts), and the median |score change| per change; then one photo analysed twice, which must give the same
 * result.
 */
import path from 'node:path';
import type { AccuracySummary } from '#shared/accuracy.ts';
import type { HairlineAnalysis } from '#lambdas/analysis/offline.ts';
import { median } from '#shared/statistics.ts';
import type { StabilityTransform } from '../transforms.ts';
import type { Outcome } from './score-photos.ts';

interface ScoredPhoto {
  dir: string;
  file: string;
  analysis?: HairlineAnalysis;
}

/** `n` scored photos spread evenly over the rows (every k-th), none when n is 0 */
export function stabilitySample<T extends ScoredPhoto>(rows: readonly T[], n: number): T[] {
  const scored = rows.filter((r) => r.analysis);
  const step = Math.max(1, Math.floor(scored.length / Math.max(1, n)));
  return n > 0 ? scored.filter((_, i) => i % step === 0).slice(0, n) : [];
}

export interface StabilityFigures {
  photos: number;
  stability: AccuracySummary['stability'];
  /** the first photo of the sample analysed again gave the same result */
  sameTwice: boolean;
}

/** null for an empty sample */
export async function stabilityFigures(
  sample: readonly ScoredPhoto[],
  transforms: readonly StabilityTransform[],
  photoBytes: (file: string) => Promise<Uint8Array>,
  analyse: (bytes: Uint8Array) => Promise<Outcome>,
): Promise<StabilityFigures | null> {
  const first = sample[0];
  if (!first) return null;
  const stability: AccuracySummary['stability'] = [];
  for (const t of transforms) {
    const changes: number[] = [];
    for (const r of sample) {
      const out = await analyse(new Uint8Array(await t.apply(await photoBytes(path.join(r.dir, r.file)))));
      if ('analysis' in out) changes.push(Math.abs(out.analysis.score - r.analysis!.score));
    }
    stability.push({ transform: t.name, medianChange: median(changes), photos: changes.length });
  }
  const again = await analyse(await photoBytes(path.join(first.dir, first.file)));
  const sameTwice =
    'analysis' in again && JSON.stringify(strip(again.analysis)) === JSON.stringify(strip(first.analysis!));
  return { photos: sample.length, stability, sameTwice };
}

export function stabilityReport(fig: StabilityFigures): string[] {
  return [
    `\nstability over ${fig.photos} photos, median |score change|: ${fig.stability.map((s) => `${s.transform} ${s.medianChange}`).join(', ')}`,
    `same bytes twice, same result: ${fig.sameTwice}`,
  ];
}

/** the analysis with its images as their lengths: compared as JSON */
function strip(a: HairlineAnalysis) {
  return { ...a, thumbnailJpeg: a.thumbnailJpeg.length, overlayJpeg: a.overlayJpeg.length };
}
