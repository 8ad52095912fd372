import { withoutCitations } from '#web/features/results/citations.ts';
import { tickLines } from '#web/features/results/MetricsRadar.tsx';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResultsSection, NO_RESULTS_TEXT } from '#web/features/results/ResultsSection.tsx';
import { analysisResult } from '#test/support/ratings.ts';
import { fakeAuth, renderApp, resetAroundEachTest, signedIn } from '#test/unit/web/support/render-helpers.tsx';
import { stubApi } from '#test/unit/web/support/stub-api.ts';

resetAroundEachTest();

describe('ResultsSection', () => {
  it('opens on a summary (score, label, stage, verdict, the next step) with every detail closed below it', () => {
    const result = analysisResult({ id: 'r9' });
    localStorage.setItem('lastRatingId', 'r9');
    localStorage.setItem('lastAnalysisResult', JSON.stringify(result));
    stubApi(() => Response.json({ reminder: null }));
    renderApp(<ResultsSection ratingId="r9" />, { auth: signedIn(1) });
    const summary = screen.getByTestId('result-summary');
    for (const id of ['score-badge', 'result-rating', 'result-stage', 'hairline-verdict', 'next-step']) {
      expect(summary.querySelector(`[data-testid="${id}"]`), id).not.toBeNull();
    }
    expect(screen.getByTestId('next-step').textContent).toMatch(/^Next: retake in 4 weeks/);
    const details = [...document.querySelectorAll('details')];
    expect(details.length).toBeGreaterThanOrEqual(4);
    expect(details.every((d) => !d.open)).toBe(true);
    // the photo, the chart and the measurements are inside them, not in the summary
    expect(summary.querySelector('[data-testid="result-photo"], [data-testid="metrics-radar"]')).toBeNull();
  });

  it('shows the stored result: score, label, metrics, commentary, suggestions, photo and Norwood stage', async () => {
    stubApi(() => Response.json({ reminder: null }));
    const result = analysisResult({ id: 'r1' });
    localStorage.setItem('lastRatingId', 'r1');
    localStorage.setItem('lastAnalysisResult', JSON.stringify(result));
    renderApp(<ResultsSection ratingId="r1" />, { auth: signedIn(0) });
    expect(screen.getByTestId('result-rating').textContent).toBe('W Rizz');
    expect(screen.getByText(result.commentary)).toBeTruthy();
    expect(screen.getByText('Textured crop')).toBeTruthy();
    expect(screen.getByTestId('result-stage').textContent).toBe('Norwood stage 2');
    expect(screen.getByText('(confidence 64%)')).toBeTruthy();
    expect(screen.getByAltText('Your photo with the detected hairline drawn on it')).toBeTruthy();
    expect(screen.getByText('Years Until Bald')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How accurate is it?' }).getAttribute('href')).toBe('/accuracy');
    // a user with 0 credits keeps the result they just paid for
    expect(screen.getByTestId('location').textContent).toBe('/');
    // the owner is offered the retake reminder, off until clicked
    expect(await screen.findByRole('button', { name: 'Remind me to retake in 4 weeks' })).toBeTruthy();
  });

  it('a stored result with another id is cleared; signed out, the spec toast says it is gone', async () => {
    localStorage.setItem('lastRatingId', 'r1');
    localStorage.setItem('lastAnalysisResult', JSON.stringify(analysisResult({ id: 'other' })));
    renderApp(<ResultsSection ratingId="r1" />, { auth: fakeAuth() });
    expect(await screen.findByText(NO_RESULTS_TEXT)).toBeTruthy();
    // the toast region loads with the first toast
    expect((await screen.findAllByText('Results not found')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('This analysis result is no longer available. Please try analyzing again.').length,
    ).toBeGreaterThan(0);
    expect(localStorage.getItem('lastAnalysisResult')).toBeNull();
  });

  it('an unparsable stored result is cleared with the load-error toast', async () => {
    localStorage.setItem('lastRatingId', 'r1');
    localStorage.setItem('lastAnalysisResult', '{broken');
    renderApp(<ResultsSection ratingId="r1" />, { auth: signedIn(3) });
    expect(await screen.findByText(NO_RESULTS_TEXT)).toBeTruthy();
    expect((await screen.findAllByText('Error loading results')).length).toBeGreaterThan(0);
    expect(localStorage.getItem('lastAnalysisResult')).toBeNull();
    expect(localStorage.getItem('lastRatingId')).toBeNull();
  });

  it('signed in, a missing stored result is read from the API', async () => {
    const result = analysisResult({ id: 'r7' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/api/ratings/r7') ? Response.json(result) : new Response('', { status: 404 }),
      ),
    );
    renderApp(<ResultsSection ratingId="r7" />, { auth: signedIn(3) });
    expect(await screen.findByText(result.commentary)).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('lastRatingId')).toBe('r7'));
  });

  it('no credits and nothing to show: redirects to /pricing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Not found' }, { status: 404 })),
    );
    renderApp(<ResultsSection ratingId="gone" />, { auth: signedIn(0) });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pricing'));
  });
});

describe('ResultsSection with a crown photo', () => {
  it('shows both overlays, the crown measurements and its own stage', async () => {
    const result = analysisResult({
      id: 'r2',
      crown: {
        measurements: {
          view: 'top',
          hairlineHeightRatio: null,
          templeRecession: null,
          frontalCoverage: 0.81,
          topCoverage: 0.42,
          faceFound: false,
          confidence: 0.7,
        },
        norwoodStage: 5,
        stageEstimate: 4.8,
        faceStageEstimate: 2.1,
        imageBase64: '/9j/',
        overlayBase64: '/9j/',
        progress: null,
      },
    });
    localStorage.setItem('lastRatingId', 'r2');
    localStorage.setItem('lastAnalysisResult', JSON.stringify(result));
    stubApi(() => Response.json({ reminder: null }));
    renderApp(<ResultsSection ratingId="r2" />, { auth: signedIn(0) });
    const panel = screen.getByTestId('crown-panel');
    expect(panel.textContent).toContain('Norwood stage 5');
    expect(screen.getByTestId('crown-measurements').textContent).toContain('42%');
    expect(screen.getAllByTestId('result-photo')).toHaveLength(2);
    // the reminder's own request ends inside the test, not after its fetch stub is gone
    expect(await screen.findByRole('button', { name: 'Remind me to retake in 4 weeks' })).toBeTruthy();
  });
});

describe('citations and chart labels', () => {
  it('a result sentence keeps its words without the study citations (they are behind the sources link)', () => {
    expect(withoutCitations('about 80 % of white men (Paik 2001; Wang 2010).')).toBe('about 80 % of white men.');
    expect(withoutCitations('as measured (Rhodes et al. 1998), then')).toBe('as measured, then');
    expect(withoutCitations('Norwood VI (the advanced stage)')).toBe('Norwood VI (the advanced stage)');
  });

  it('labels beside the radar go one word per line, so a 360 px phone does not cut them', () => {
    expect(tickLines('Years Until Bald', 'end')).toEqual(['Years', 'Until', 'Bald']);
    expect(tickLines('Hairline Age', 'middle')).toEqual(['Hairline Age']);
  });
});
