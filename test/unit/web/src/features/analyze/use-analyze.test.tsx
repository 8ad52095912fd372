/**
 * A result that arrives after the upload panel is gone (the visitor left the page, or a test's teardown) starts no
 * timer: a scroll timer that fired after teardown touched a gone DOM and failed CI with an unhandled error.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { UploadPanel } from '#web/features/analyze/UploadPanel.tsx';
import { SCROLL_TO_RESULTS_DELAY_MS } from '#web/features/analyze/use-analyze.ts';
import { analysisResult } from '#test/support/ratings.ts';
import { renderApp, signedIn } from '#test/unit/web/support/render-helpers.tsx';
import { stubApi } from '#test/unit/web/support/stub-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

it('an analysis answered after the panel unmounted is kept, but schedules no scroll', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  stubApi(async () => {
    await gate;
    return Response.json(analysisResult({ id: 'r-late' }));
  });
  const { unmount } = renderApp(<UploadPanel onResult={() => {}} />, { auth: signedIn(2) });
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' })] },
  });
  await screen.findByAltText('Preview of the photo you chose');
  fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
  await screen.findByRole('button', { name: 'Analyzing...' });

  unmount();
  const timers = vi.spyOn(globalThis, 'setTimeout');
  release();
  // the result is still stored for the next visit of the page
  await waitFor(() => expect(localStorage.getItem('lastRatingId')).toBe('r-late'));
  expect(timers.mock.calls.filter(([, ms]) => ms === SCROLL_TO_RESULTS_DELAY_MS)).toEqual([]);
});
