/** /accuracy's "What each label means": the map's edges in plain words, from the committed fit, and its figures. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScoreMapSection } from '#web/features/accuracy/ScoreMapSection.tsx';
import { SCORE_MAP, SCORE_MAP_FIT, bandStages, scoreFromStage } from '#shared/score-map.ts';
import { ratingForScore } from '#shared/scoring.ts';

const doc = () =>
  new DOMParser().parseFromString(
    renderToStaticMarkup(<ScoreMapSection className="" headingClass="" textClass="" />),
    'text/html',
  );

describe('what each label means', () => {
  it('says each edge in plain words, with the fitted estimates', () => {
    const edges = doc().querySelector('[data-testid="score-map-edges"]')!.textContent!;
    expect(edges).toContain(
      `A bald or shaved head scores 30 or less, Cooked: an estimate of ${SCORE_MAP.cookedEdge.toFixed(1)}`,
    );
    expect(edges).toContain(`below ${SCORE_MAP.wRizzEdge.toFixed(1)}`);
    expect(edges).toContain(`Certified Rizz God: estimates below ${SCORE_MAP.godEdge.toFixed(1)}`);
  });

  it('is the map the engine scores with: each band holds the estimates the page gives it', () => {
    const bands = bandStages();
    expect(bands.map((b) => b.label)).toEqual(['Certified Rizz God', 'W Rizz', 'Mid', 'Cooked']);
    let from = 0;
    for (const b of bands) {
      const to = b.toStage ?? 8;
      for (let s = from + 0.02; s < to - 0.01; s += 0.05) expect(ratingForScore(scoreFromStage(s))).toBe(b.label);
      from = to;
    }
    // strictly falling, inside 0..100
    for (let s = -2; s < 9; s += 0.1) expect(scoreFromStage(s + 0.1)).toBeLessThanOrEqual(scoreFromStage(s));
    expect(scoreFromStage(-3)).toBeLessThanOrEqual(100);
    expect(scoreFromStage(12)).toBeGreaterThanOrEqual(0);
  });

  it('shows every set and level of the fit, now and before, and the rank agreement unchanged', () => {
    const page = doc();
    const rows = page.querySelectorAll('[data-testid="score-map-shares"] tbody tr');
    expect(rows).toHaveLength(SCORE_MAP_FIT.after.length);
    const bald = SCORE_MAP_FIT.after.find((a) => a.set === 'portraits/men' && a.level === 'highest')!;
    expect(page.body.textContent).toContain(`portraits/men, bald or shaved (label 4, ${bald.n})`);
    expect(page.body.textContent).toContain(`${Math.round(100 * bald.shares.Cooked)} %`);
    for (const r of SCORE_MAP_FIT.ranking) {
      expect(page.body.textContent).toContain(`${r.set} ρ ${r.spearmanBefore.toFixed(3)} before`);
      expect(Math.abs(r.spearmanAfter - r.spearmanBefore)).toBeLessThanOrEqual(0.005);
    }
  });

  it('the fit meets the targets on the dev sets: bald heads Cooked, none above Mid; full hairlines never Cooked', () => {
    for (const a of SCORE_MAP_FIT.after.filter((x) => x.level === 'highest')) {
      expect(a.shares.Cooked).toBeGreaterThanOrEqual(0.8);
      expect(a.shares['W Rizz'] + a.shares['Certified Rizz God']).toBe(0);
    }
    for (const a of SCORE_MAP_FIT.after.filter((x) => x.level === 'lowest')) expect(a.shares.Cooked).toBe(0);
  });
});
