import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATASETS, datasetInfo, labelStages, norwoodTarget, parseScale } from '#scripts/analysis/lib/labels.ts';
import { stageAgreement } from '#scripts/analysis/lib/stage-agreement.ts';
import {
  adjacentAucs,
  balancedSpearman,
  bootstrapSpearman,
  concordance,
  spearmanCeiling,
} from '#scripts/analysis/lib/stats.ts';
import { tempDirs } from '#test/support/temp-dirs.ts';

const tempDir = tempDirs('labels-');

describe('any labelled folder: labels put on the Norwood scale', () => {
  const folder = (name: string) => {
    const dir = join(tempDir(), name);
    return dir;
  };

  it('reads --scale label:stage pairs, and refuses a malformed one with a one-line reason', () => {
    expect(parseScale('1:1,2:2,3:4,4:6')).toEqual({ 1: 1, 2: 2, 3: 4, 4: 6 });
    expect(() => parseScale('1:1,2')).toThrow(/label:stage/);
    expect(() => parseScale('1:9')).toThrow(/1 to 7/);
  });

  it('takes --scale first, then scale.json beside labels.csv, then the built-in folders, then labels already 1-7', () => {
    const dir = folder('my-clinic');
    expect(datasetInfo(dir, [1, 4], '1:2,4:6').norwood).toEqual({ 1: 2, 4: 6 });
    const withFile = tempDir();
    writeFileSync(
      join(withFile, 'scale.json'),
      JSON.stringify({ norwood: { 0: 1, 1: 3 }, description: 'Clinic photos' }),
    );
    const info = datasetInfo(withFile, [0, 1]);
    expect(info.norwood).toEqual({ 0: 1, 1: 3 });
    expect(info.description).toBe('Clinic photos');
    expect(norwoodTarget(info, 1, withFile)).toBe(3);
    expect(datasetInfo('/x/datasets/norwood-front', [2, 7])).toBe(DATASETS['norwood-front']);
    expect(datasetInfo(folder('stages'), [2, 5, 7]).norwood[5]).toBe(5);
  });

  it('says which Norwood stages a label covers: as the folder says, else those next to its target', () => {
    const portraits = DATASETS['portraits/men']!;
    expect(labelStages(portraits, 1, 'men')).toEqual([1, 1]);
    expect(labelStages(portraits, 3, 'men')).toEqual([3, 5]);
    expect(labelStages(portraits, 4, 'men')).toEqual([6, 7]);
    const groups = DATASETS['norwood-groups']!;
    expect([1, 2, 3, 4].map((g) => labelStages(groups, g, 'groups'))).toEqual([
      [1, 2],
      [3, 3],
      [4, 5],
      [6, 7],
    ]);
    expect(labelStages(DATASETS['norwood-front']!, 5, 'front')).toEqual([5, 5]);
  });

  it('says what to add for labels it cannot place', () => {
    expect(() => datasetInfo(folder('grades'), [0, 10])).toThrow(/give --scale label:stage/);
  });
});

describe('held-out statistics', () => {
  it('a bootstrap interval around rho that copies of one photo cannot narrow', () => {
    const scores = [90, 80, 70, 60, 50, 40, 30, 20, 35, 75];
    const labels = [1, 1, 2, 2, 3, 3, 4, 4, 3, 2];
    const distinct = scores.map((_, i) => i);
    const [low, high] = bootstrapSpearman(scores, labels, distinct);
    expect(low).toBeLessThan(high);
    expect(high).toBeLessThanOrEqual(-0.5);
    expect(bootstrapSpearman(scores, labels, distinct)).toEqual([low, high]);
  });

  it('the Norwood stage shown against the stages its label covers, and what one stage for everyone would match', () => {
    const labels = [
      { label: 3, stages: [3, 5] as const },
      { label: 4, stages: [6, 7] as const },
    ];
    const agreement = stageAgreement(
      [
        { shown: 4, label: [3, 5] },
        { shown: 2, label: [3, 5] },
        { shown: 7, label: [6, 7] },
        { shown: 3, label: [6, 7] },
      ],
      labels,
    );
    expect(agreement).toEqual({
      photos: 4,
      matched: 0.5,
      withinOne: 0.75,
      baseline: 0.5,
      labels: [
        { label: 3, stages: '3-5' },
        { label: 4, stages: '6-7' },
      ],
    });
    const one = stageAgreement(
      [{ shown: 2, label: [2, 2] }],
      [
        { label: 2, stages: [2, 2] },
        { label: 0, stages: [1, 1] },
      ],
    );
    expect(one).toMatchObject({
      photos: 1,
      matched: 1,
      withinOne: 1,
      baseline: 1,
      labels: [{ label: 0, stages: '1' }],
    });
    expect(stageAgreement([], labels)).toBeNull();
  });

  it('AUC between neighbouring stages', () => {
    expect(adjacentAucs([9, 8, 5, 6, 1], [1, 1, 2, 2, 3])).toEqual([
      { lower: 1, higher: 2, auc: 1 },
      { lower: 2, higher: 3, auc: 1 },
    ]);
  });

  it('the best rho the labels allow: photos of one label tie in the label, never in a perfect score', () => {
    expect(spearmanCeiling([1, 2, 3, 4])).toBeCloseTo(-1, 12);
    const earlierMen = [...Array(75).fill(1), ...Array(5).fill(2), ...Array(15).fill(3), ...Array(7).fill(4)];
    expect(spearmanCeiling(earlierMen)).toBeCloseTo(-0.7739, 4);
    expect(spearmanCeiling([...Array(25).fill(1), ...Array(25).fill(2)])).toBeCloseTo(-Math.sqrt(3) / 2, 2);
  });

  it('the share of photo pairs with different labels that the score orders right', () => {
    expect(concordance([9, 8, 5, 6, 1], [1, 1, 2, 2, 3])).toBe(1);
    expect(concordance([5, 8, 9, 6, 1], [1, 1, 2, 2, 3])).toBe(5 / 8);
    expect(concordance([5, 5], [1, 2])).toBe(0.5);
    expect(concordance([5, 7], [1, 1])).toBeNaN();
  });

  it('rho on as many photos of each label as the rarest has: a perfect score near −1 whatever the label mix', () => {
    const labels = [...Array(60).fill(1), ...Array(6).fill(2), ...Array(6).fill(3)];
    const perfect = labels.map((label, i) => 100 - 10 * label - i / 100);
    const groups = labels.map((_, i) => i);
    const balanced = balancedSpearman(perfect, labels, groups, 200);
    expect(balanced.perLabel).toBe(6);
    expect(balanced.median).toBeCloseTo(
      spearmanCeiling([...Array(6).fill(1), ...Array(6).fill(2), ...Array(6).fill(3)]),
      9,
    );
    expect(spearmanCeiling(labels)).toBeGreaterThan(balanced.median + 0.1);
    // photos of the commonest label scored out of order: the balanced rho falls too
    const noisy = perfect.map((s, i) => (labels[i] === 1 ? 100 - (i % 30) : s));
    const worse = balancedSpearman(noisy, labels, groups, 200);
    expect(worse.median).toBeGreaterThan(balanced.median);
    expect(worse.low).toBeLessThanOrEqual(worse.median);
    expect(worse.high).toBeGreaterThanOrEqual(worse.median);
  });

  it('draws copies of one photo together', () => {
    const labels = [1, 1, 1, 2, 2, 2];
    const groups = [0, 0, 1, 2, 3, 4];
    expect(balancedSpearman([9, 9, 8, 3, 2, 1], labels, groups, 50).perLabel).toBe(2);
  });
});
