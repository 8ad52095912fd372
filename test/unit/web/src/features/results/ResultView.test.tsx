/** The result view's progress: the change since the previous rating of the same kind of photo, in that view's words. */
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultView } from '#web/features/results/ResultView.tsx';
import { METRICS_FROM_ABOVE } from '#web/features/results/measurements.ts';
import { analysisResult, topMeasurements } from '#test/support/ratings.ts';
import { renderApp, resetAroundEachTest } from '#test/unit/web/support/render-helpers.tsx';

resetAroundEachTest();

describe('progress on a result', () => {
  it('says when the previous analysis was of another kind of photo, instead of a delta', () => {
    renderApp(
      <ResultView
        result={analysisResult({
          progress: { previousId: 'p', previousCreatedAt: '2026-10-12T09:41:07.512Z', previousView: 'top' },
        })}
      />,
    );
    expect(screen.queryByTestId('progress-score')).toBeNull();
    expect(screen.getByTestId('progress-other-view').textContent).toMatch(
      /^Your previous analysis \(12 Oct\) was a photo of your crown, the top of your head and this one is a photo of your hairline from the front, so the two are not compared/,
    );
  });

  it('names a hairline photo read from above as such, never as the crown, in the result and its progress', () => {
    renderApp(
      <ResultView
        result={analysisResult({
          measurements: topMeasurements(),
          photoOf: 'hairline',
          progress: {
            previousId: 'p',
            previousCreatedAt: '2026-10-12T09:41:07.512Z',
            previousView: 'top',
            previousKind: 'crown',
          },
        })}
      />,
    );
    expect(screen.getByTestId('progress-other-view').textContent).toMatch(
      /^Your previous analysis \(12 Oct\) was a photo of your crown, the top of your head and this one is a photo of your hairline from above, your head bowed, so the two are not compared/,
    );
    expect(screen.getByText('Hairline from above')).toBeTruthy();
    expect(screen.queryByText('Top of the head')).toBeNull();
  });

  it('says that a photo from above has its Recession and Forehead read from the Norwood estimate; a face photo does not', () => {
    renderApp(<ResultView result={analysisResult({ measurements: topMeasurements(), photoOf: 'hairline' })} />);
    expect(screen.getByTestId('metrics-from-above').textContent).toBe(METRICS_FROM_ABOVE);
    cleanup();
    renderApp(<ResultView result={analysisResult()} />);
    expect(screen.queryByTestId('metrics-from-above')).toBeNull();
  });

  it('shows "+4 since <date>" coloured up, with the measurement changes', () => {
    const result = analysisResult({
      progress: {
        previousId: 'p',
        previousCreatedAt: '2026-10-12T09:41:07.512Z',
        scoreDelta: 4,
        metricDeltas: { frontalCoverage: 0.05 },
      },
    });
    renderApp(<ResultView result={result} />);
    const summary = screen.getByTestId('progress-summary');
    expect(summary.dataset.trend).toBe('up');
    expect(screen.getByTestId('progress-score').textContent).toMatch(/^\+4 since 12 Oct/);
    expect(summary.textContent).toContain('Front coverage up by 5 points');
  });

  it('a front rating says forehead changes in mid-face units; a top rating never mentions the hairline', () => {
    const progress = {
      previousId: 'p',
      previousCreatedAt: '2026-10-12T09:41:07.512Z',
      scoreDelta: -2,
      metricDeltas: { hairlineHeightRatio: 0.05, topCoverage: -0.03 },
    };
    renderApp(<ResultView result={analysisResult({ progress })} />);
    expect(screen.getByTestId('progress-summary').textContent).toContain('Hairline higher by 0.05× mid-face');
    cleanup();
    renderApp(<ResultView result={analysisResult({ progress, measurements: topMeasurements() })} />);
    const summary = screen.getByTestId('progress-summary').textContent;
    expect(summary).not.toContain('Hairline');
    expect(summary).toContain('Top coverage down by 3 points');
  });

  it('no progress for a first rating', () => {
    renderApp(<ResultView result={analysisResult({ progress: null })} />);
    expect(screen.queryByTestId('progress-summary')).toBeNull();
  });
});
