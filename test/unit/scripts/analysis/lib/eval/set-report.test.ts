import { describe, expect, it } from 'vitest';
import { setFigures } from '#scripts/analysis/lib/eval/set-figures.ts';
import { f3, setReport } from '#scripts/analysis/lib/eval/set-report.ts';
import { evalRow } from './fake-rows.ts';

describe("what the eval prints of a folder's figures", () => {
  const rows = [1, 1, 2, 2, 3, 3, 4, 4].map((stage, k) => evalRow(stage, 95 - 20 * stage - (k % 2)));
  const refused = evalRow(4, 0, { rejected: 'too_dark' });
  const lines = setReport(setFigures('/data/portraits/men', [...rows, refused], new Map()));

  it('the folder line, the held-out figures unrounded to three decimals, the in-sample ones apart', () => {
    expect(lines[0]).toBe(
      '\nfolder: /data/portraits/men  photos: 9 (9 distinct)  scored: 8  refused: 1 (11.1%)  views: front 8, bowed 0, top 0  faces found: 8',
    );
    expect(lines[1]).toMatch(/^HELD OUT \(grouped-cv\): Spearman rho -0\.976 \[95% CI /);
    expect(lines[1]).toContain('AUC 1 vs 4: 1.000');
    expect(lines[2]).toMatch(/^in-sample \(debugging only\): Spearman rho -1\.000$/);
  });

  it('one line per label with the held-out mean, min, max and the in-sample mean', () => {
    const header = lines.indexOf('label   n  held-out mean  min  max   (in-sample mean)');
    expect(header).toBe(3);
    expect(lines[header + 1]).toMatch(/^ {4}1 {3}2 {11}74\.5 {3}74 {3}75 {3}\(\d+\.\d\)$/);
  });

  it('the refused photos by file and code, last', () => {
    expect(lines.at(-1)).toBe(`refused: ${refused.file}:too_dark`);
    expect(lines.at(-2)).toBe('contradictions (score/consistency.ts, held out): 0 of 8 results');
  });

  it('a figure that could not be had reads n/a', () => {
    expect([f3(null), f3(undefined), f3(Number.NaN), f3(-0.12345)]).toEqual(['n/a', 'n/a', 'n/a', '-0.123']);
  });
});
