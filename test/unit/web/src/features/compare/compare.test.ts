import { describe, expect, it } from 'vitest';
import { sharedRating } from '#test/support/ratings.ts';
import { compareRatings, overallText, sideNames, winnerOf } from '#web/features/compare/compare.ts';
import { compareCrowns, crownNote } from '#web/features/compare/compare-crown.ts';

describe('compare', () => {
  it('the higher points win each metric; equal points tie', () => {
    const a = sharedRating({ recessionLevel: 'None', density: 'Poor', health: 'Good' });
    const b = sharedRating({
      displayName: 'sam',
      score: 60,
      recessionLevel: 'Low',
      density: 'Good',
      health: 'Good',
      hairlineAge: 'Aging',
    });
    const c = compareRatings(a, b);
    const by = Object.fromEntries(c.metrics.map((m) => [m.key, m]));
    expect(by.recessionLevel!.winner).toBe('a'); // 95 vs 80
    expect(by.recessionLevel!.a).toEqual({ value: 'None', points: 95 });
    expect(by.density!.winner).toBe('b'); // 35 vs 80
    expect(by.health!.winner).toBe('tie');
    expect(by.hairlineAge!.winner).toBe('a');
    expect(c.overall).toBe('a');
    expect(c.wins).toEqual({ a: 2, b: 1 });
    expect(overallText(c, { a: 'alex', b: 'sam' })).toBe('alex wins');
  });

  it('an equal score is an overall tie', () => {
    const c = compareRatings(sharedRating(), sharedRating());
    expect(c.overall).toBe('tie');
    expect(c.metrics.every((m) => m.winner === 'tie')).toBe(true);
    expect(overallText(c, { a: 'x', b: 'y' })).toBe("It's a tie");
    expect(winnerOf(1, 2)).toBe('b');
  });

  it('two people with the same name are told apart', () => {
    expect(sideNames('Anonymous', 'Anonymous')).toEqual({ a: 'Anonymous (A)', b: 'Anonymous (B)' });
    expect(sideNames('alex', 'sam')).toEqual({ a: 'alex', b: 'sam' });
  });
});

describe('compare: crown photos', () => {
  const crown = (norwoodStage: number, topCoverage: number | null, frontalCoverage = 0.6) => ({
    crownMeasured: true,
    crown: { norwoodStage, topCoverage, frontalCoverage },
  });
  const names = { a: 'alex', b: 'sam' };

  it('no crown section when neither rating had a crown photo', () => {
    expect(compareCrowns(sharedRating(), sharedRating())).toBeNull();
  });

  it('both crowns: the lower stage and the higher coverage win, by whole percent', () => {
    const c = compareCrowns(sharedRating(crown(5, 0.4, 0.62)), sharedRating(crown(3, 0.704, 0.618)))!;
    const by = Object.fromEntries(c.rows.map((r) => [r.key, r]));
    expect(by.norwoodStage).toMatchObject({ a: '5', b: '3', winner: 'b', title: 'Crown: Norwood stage' });
    expect(by.topCoverage).toMatchObject({ a: '40%', b: '70%', winner: 'b' });
    expect(by.frontalCoverage).toMatchObject({ a: '62%', b: '62%', winner: 'tie' });
    expect(c.measured).toEqual({ a: true, b: true });
    expect(crownNote(c, names)).toBeNull();
  });

  it('one side without a crown photo: its figures are empty, no winner, and the note says so', () => {
    const c = compareCrowns(sharedRating(), sharedRating(crown(4, 0.5)))!;
    expect(c.measured).toEqual({ a: false, b: true });
    expect(c.rows.every((r) => r.a === null && r.winner === null)).toBe(true);
    expect(c.rows[0]!.b).toBe('4');
    expect(crownNote(c, names)).toBe("alex's rating has no crown photo, so the crowns are not compared.");
    expect(crownNote(compareCrowns(sharedRating(crown(4, 0.5)), sharedRating())!, names)).toMatch(
      /^sam's rating has no crown/,
    );
  });

  it('a crown photo without the crown zone: that figure is empty and not compared', () => {
    const c = compareCrowns(sharedRating(crown(4, null)), sharedRating(crown(4, 0.3)))!;
    const top = c.rows.find((r) => r.key === 'topCoverage')!;
    expect(top).toMatchObject({ a: null, b: '30%', winner: null });
    expect(c.rows.find((r) => r.key === 'norwoodStage')!.winner).toBe('tie');
  });

  it('the crown rows never count towards the six-metric wins or the overall winner', () => {
    const a = sharedRating({ score: 80, ...crown(6, 0.1) });
    const b = sharedRating({ score: 60, ...crown(2, 0.9) });
    expect(compareRatings(a, b)).toMatchObject({ overall: 'a', wins: { a: 0, b: 0 } });
  });
});
