import { describe, expect, it } from 'vitest';
import { share } from './fixtures.ts';
import { compareRatings, overallText, sideNames, winnerOf } from '#web/features/compare/compare.ts';

describe('compare', () => {
  it('the higher points win each metric; equal points tie', () => {
    const a = share({ recessionLevel: 'None', density: 'Poor', health: 'Good' });
    const b = share({
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
    const c = compareRatings(share(), share());
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
