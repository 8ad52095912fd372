/**
 * "Is this you?" on the result, the progress-tracking setting, and the history: only the user's own analyses are
 * their progress.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROGRESS_TRACKING_SENTENCE } from '#shared/face-identity.ts';
import { ProgressTrackingSetting } from '#web/features/account/index.ts';
import { historyChartData } from '#web/features/history/history-chart-data.ts';
import { ResultView } from '#web/features/results/ResultView.tsx';
import { IDENTITY_TEXTS } from '#web/features/results/identity-texts.ts';
import { analysisResult, FACE_CAPTURE } from '#test/support/ratings.ts';
import { lastCaptureOf } from '#web/features/analyze/last-capture.ts';
import { profile, renderApp, resetAroundEachTest, signedIn } from '#test/unit/web/support/render-helpers.tsx';
import { stubApi } from '#test/unit/web/support/stub-api.ts';

resetAroundEachTest();

const PROGRESS = { previousId: 'r0', previousCreatedAt: '2026-10-12T10:00:00.000Z', scoreDelta: 4, comparable: true };

describe('the result asks "Is this you?" before it joins the progress', () => {
  it('asks; "yes" sends the answer and shows the change the server then computes', async () => {
    const calls = stubApi(() =>
      Response.json(analysisResult({ id: 'r1', identity: 'you', identityBy: 'answer', progress: PROGRESS })),
    );
    renderApp(<ResultView result={analysisResult({ id: 'r1', identity: 'unconfirmed', progress: null })} />, {
      auth: signedIn(1),
    });
    expect(screen.getByText(IDENTITY_TEXTS.question)).toBeTruthy();
    expect(screen.queryByTestId('progress-summary')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: IDENTITY_TEXTS.yes }));
    expect(await screen.findByTestId('progress-summary')).toBeTruthy();
    expect(screen.queryByText(IDENTITY_TEXTS.question)).toBeNull();
    const patch = calls.find((c) => c.init?.method === 'PATCH');
    expect(patch?.url).toMatch(/\/api\/ratings\/r1$/);
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ isYou: true });
  });

  it('"no": kept out of the progress, with a way to say it is you after all', async () => {
    stubApi(() => Response.json(analysisResult({ id: 'r1', identity: 'someone-else', identityBy: 'answer' })));
    renderApp(<ResultView result={analysisResult({ id: 'r1', identity: 'unconfirmed' })} />, { auth: signedIn(1) });
    fireEvent.click(screen.getByRole('button', { name: IDENTITY_TEXTS.no }));
    expect(await screen.findByText(IDENTITY_TEXTS.someoneElse)).toBeTruthy();
    expect(screen.getByRole('button', { name: IDENTITY_TEXTS.itIsMe })).toBeTruthy();
  });

  it('a face unlike the earlier ones says so and shows no change, even if a progress came with it', () => {
    renderApp(
      <ResultView
        result={analysisResult({ identity: 'someone-else', identityBy: 'face', progress: PROGRESS as never })}
      />,
      { auth: signedIn(1) },
    );
    expect(screen.getByText(IDENTITY_TEXTS.faceDiffers)).toBeTruthy();
    expect(screen.queryByTestId('progress-summary')).toBeNull();
  });

  it('a failed answer says so and keeps the question', async () => {
    stubApi(() => Response.json({ message: 'Server error' }, { status: 500 }));
    renderApp(<ResultView result={analysisResult({ identity: 'unconfirmed' })} />, { auth: signedIn(1) });
    fireEvent.click(screen.getByRole('button', { name: IDENTITY_TEXTS.yes }));
    expect(await screen.findByText(IDENTITY_TEXTS.failed)).toBeTruthy();
    expect(screen.getByText(IDENTITY_TEXTS.question)).toBeTruthy();
  });
});

describe('the progress-tracking setting', () => {
  it('is off by default, says what it does in one sentence, and turning it on patches the profile', async () => {
    // the answer is the patched profile, parsed with the route's schema
    const calls = stubApi(() => Response.json(profile({ progressTracking: true })));
    const refreshProfile = vi.fn(async () => null);
    renderApp(<ProgressTrackingSetting />, { auth: signedIn(1, { refreshProfile }) });
    const box = screen.getByRole('checkbox', { name: PROGRESS_TRACKING_SENTENCE });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(refreshProfile).toHaveBeenCalled());
    const patch = calls.find((c) => c.init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ progressTracking: true });
  });
});

describe('the guided retake', () => {
  it("takes last time's conditions from the user's own newest photo, never a friend's", () => {
    const theirs = analysisResult({ id: 'friend', identity: 'someone-else', captureConditions: FACE_CAPTURE });
    const mine = analysisResult({ id: 'mine', createdAt: '2026-10-01T10:00:00.000Z', captureConditions: FACE_CAPTURE });
    expect(lastCaptureOf([theirs], 'face')).toBeNull();
    expect(lastCaptureOf([theirs, mine], 'face')?.createdAt).toBe(mine.createdAt);
  });
});

describe('the history chart', () => {
  it("draws the user's own analyses only (and those stored before identity was asked)", () => {
    const items = [
      analysisResult({ id: 'old', createdAt: '2026-10-01T10:00:00.000Z' }),
      analysisResult({ id: 'mine', createdAt: '2026-10-02T10:00:00.000Z', identity: 'you' }),
      analysisResult({ id: 'friend', createdAt: '2026-10-03T10:00:00.000Z', identity: 'someone-else' }),
      analysisResult({ id: 'asking', createdAt: '2026-10-04T10:00:00.000Z', identity: 'unconfirmed' }),
    ];
    expect(historyChartData(items).map((p) => p.id)).toEqual(['old', 'mine']);
  });
});
