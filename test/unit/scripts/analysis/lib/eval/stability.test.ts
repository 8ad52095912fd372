import { describe, expect, it } from 'vitest';
import { stabilityFigures, stabilityReport, stabilitySample } from '#scripts/analysis/lib/eval/stability.ts';
import type { Outcome } from '#scripts/analysis/lib/eval/score-photos.ts';
import { fakeAnalysis } from './fake-rows.ts';

const row = (file: string, score?: number) => ({
  dir: '/d',
  file,
  ...(score === undefined ? {} : { analysis: fakeAnalysis(2, 'front', score) }),
});

describe('the stability sample', () => {
  it('spreads N scored photos evenly over the rows; refused photos never', () => {
    const rows = [...Array(10).keys()].map((k) => row(`${k}.jpg`, k === 1 ? undefined : 50));
    expect(stabilitySample(rows, 3).map((r) => r.file)).toEqual(['0.jpg', '4.jpg', '7.jpg']);
    expect(stabilitySample(rows, 0)).toEqual([]);
    expect(stabilitySample(rows, 50)).toHaveLength(9);
  });
});

describe('the stability figures', () => {
  // a photo's bytes are [its score]; a transform adds to it; a score over 100 is refused
  const photoBytes = async (file: string) => new Uint8Array([file === '/d/a.jpg' ? 40 : 60]);
  const analyse = async (bytes: Uint8Array): Promise<Outcome> =>
    bytes[0]! > 100 ? { rejected: 'too_dark' } : { analysis: fakeAnalysis(2, 'front', bytes[0]) };
  const plus = (n: number) => ({ name: `+${n}`, apply: async (b: Uint8Array) => Buffer.from([b[0]! + n]) });
  const sample = [row('a.jpg', 40), row('b.jpg', 60)];

  it('the median |score change| per transform, over the changed photos still scored', async () => {
    const fig = (await stabilityFigures(sample, [plus(2), plus(45)], photoBytes, analyse))!;
    expect(fig.stability).toEqual([
      { transform: '+2', medianChange: 2, photos: 2 },
      { transform: '+45', medianChange: 45, photos: 1 },
    ]);
    expect(fig.sameTwice).toBe(true);
    expect(stabilityReport(fig)).toEqual([
      '\nstability over 2 photos, median |score change|: +2 2, +45 45',
      'same bytes twice, same result: true',
    ]);
  });

  it('a photo that scores differently the second time is said', async () => {
    const fig = await stabilityFigures([row('a.jpg', 41)], [], photoBytes, analyse);
    expect(fig?.sameTwice).toBe(false);
  });

  it('no sample, no figures', async () => {
    expect(await stabilityFigures([], [plus(1)], photoBytes, analyse)).toBeNull();
  });
});
