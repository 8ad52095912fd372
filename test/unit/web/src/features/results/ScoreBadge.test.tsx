import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScoreBadge } from '#web/features/results/ScoreBadge.tsx';
import { SCORE_TONE_CLASSES, scoreToneClasses } from '#web/features/results/score-style.ts';

afterEach(cleanup);

describe('score badge colour bands', () => {
  it.each([
    [100, 'top'],
    [86, 'top'],
    [85, 'good'],
    [61, 'good'],
    [60, 'mid'],
    [31, 'mid'],
    [30, 'low'],
    [0, 'low'],
  ] as const)('score %i is in band %s', (score, tone) => {
    expect(scoreToneClasses(score)).toBe(SCORE_TONE_CLASSES[tone]);
    render(<ScoreBadge score={score} />);
    expect(screen.getByTestId('score-badge').dataset.tone).toBe(tone);
    cleanup();
  });

  it('names the band unless given a label', () => {
    render(<ScoreBadge score={95} />);
    expect(screen.getByRole('img', { name: 'Score 95 out of 100: Certified Rizz God' })).toBeTruthy();
    cleanup();
    render(<ScoreBadge score={20} label="Mid" />);
    expect(screen.getByRole('img', { name: 'Score 20 out of 100: Mid' })).toBeTruthy();
  });
});
