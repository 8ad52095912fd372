import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import ComparePage, { COMPARE_PAGE_TEXTS } from '#web/features/compare/ComparePage.tsx';
import { ResultView } from '#web/features/results/ResultView.tsx';
import SharePage, { SHARE_PAGE_TEXTS } from '#web/features/share/SharePage.tsx';
import { analysisResult, sharedRating, TINY_JPEG_BASE64, topMeasurements } from '#test/support/ratings.ts';
import { renderApp, resetAroundEachTest } from '#test/unit/web/support/render-helpers.tsx';
import { serveShares } from '#test/unit/web/support/stub-api.ts';

const A = 'AAAAAAAAAAAAAAAAAAAAAA';
const B = 'BBBBBBBBBBBBBBBBBBBBBB';

const shareRoute = (
  <Routes>
    <Route path="/r/:shareId" element={<SharePage />} />
  </Routes>
);

resetAroundEachTest();

describe('the public share page', () => {
  it('shows name, score, label, metrics and Norwood stage, without a photo unless shared', async () => {
    serveShares({ [A]: sharedRating({ shareId: A }) });
    renderApp(shareRoute, { path: `/r/${A}` });
    expect((await screen.findByTestId('shared-name')).textContent).toBe('alex');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('alex scored 78');
    expect(screen.getByTestId('shared-label').textContent).toBe('W Rizz');
    expect(screen.getByText('Norwood stage 2')).toBeTruthy();
    expect(screen.getByText('Years Until Bald')).toBeTruthy();
    expect(screen.queryByTestId('shared-photo')).toBeNull();
    expect(screen.getByRole('link', { name: SHARE_PAGE_TEXTS.rate }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: SHARE_PAGE_TEXTS.compare }).getAttribute('href')).toBe(`/?challenge=${A}`);
    expect(screen.getByRole('link', { name: 'How accurate is it?' }).getAttribute('href')).toBe('/accuracy');
  });

  it('shows the photo when the response has it', async () => {
    serveShares({ [A]: sharedRating({ shareId: A, imageBase64: TINY_JPEG_BASE64 }) });
    renderApp(shareRoute, { path: `/r/${A}` });
    expect((await screen.findByTestId('shared-photo')).getAttribute('src')).toContain('data:image/jpeg;base64,');
  });

  it("a two-photo rating: the crown photo's own stage and crown coverage", async () => {
    serveShares({
      [A]: sharedRating({
        shareId: A,
        crownMeasured: true,
        crown: { norwoodStage: 5, frontalCoverage: 0.62, topCoverage: 0.4 },
      }),
    });
    renderApp(shareRoute, { path: `/r/${A}` });
    expect((await screen.findByTestId('shared-crown-figures')).textContent).toBe(
      'Crown: Norwood stage 5 · 40% covered',
    );
    expect(screen.queryByTestId('shared-crown-photo')).toBeNull();
  });

  it('a removed or unknown link says so', async () => {
    serveShares({});
    renderApp(shareRoute, { path: `/r/${A}` });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(SHARE_PAGE_TEXTS.gone);
  });
});

describe('the compare page', () => {
  it('shows both sides, the winner per metric and overall', async () => {
    serveShares({
      [A]: sharedRating({ shareId: A, displayName: 'alex', score: 78, density: 'Good' }),
      [B]: sharedRating({ shareId: B, displayName: 'sam', score: 55, density: 'Excellent', rating: 'Mid' }),
    });
    renderApp(<ComparePage />, { path: `/compare?a=${A}&b=${B}` });
    expect((await screen.findByTestId('compare-overall')).textContent).toBe('alex wins');
    expect(screen.getAllByTestId('compare-side')).toHaveLength(2);
    const density = screen.getByTestId('compare-row-density');
    expect(density.querySelector('[data-winner]')?.textContent).toContain('Excellent');
    expect(density.lastElementChild?.textContent).toBe('sam');
    expect(screen.getByTestId('compare-row-health').lastElementChild?.textContent).toBe(COMPARE_PAGE_TEXTS.tie);
  });

  it('missing or invalid ids give a clear message', async () => {
    serveShares({ [A]: sharedRating({ shareId: A }) });
    renderApp(<ComparePage />, { path: `/compare?a=${A}` });
    expect(screen.getByTestId('compare-message').textContent).toContain(COMPARE_PAGE_TEXTS.invalid);
    cleanup();
    renderApp(<ComparePage />, { path: `/compare?a=${A}&b=${B}` });
    expect((await screen.findByTestId('compare-message')).textContent).toContain(COMPARE_PAGE_TEXTS.missing);
  });
});

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
