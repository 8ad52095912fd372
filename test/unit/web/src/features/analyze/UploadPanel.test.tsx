import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/messages.ts';
import { PHOTO_TIPS } from '#web/features/analyze/photo-tips.ts';
import { CROWN_TEXTS, PHOTO_SHOWS_LABEL, UploadPanel } from '#web/features/analyze/UploadPanel.tsx';
import { analysisResult } from '#test/support/ratings.ts';
import { fakeAuth, renderApp, resetAroundEachTest, signedIn } from '#test/unit/web/support/render-helpers.tsx';
import { stubApi } from '#test/unit/web/support/stub-api.ts';

/** chooses a file and waits until the panel has read it (its first bytes are read asynchronously) */
async function pick(file: File) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
  await waitFor(() => expect(screen.queryByText('Preparing your photo…')).toBeNull());
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });

resetAroundEachTest();

describe('UploadPanel', () => {
  it('says what it accepts: JPG, PNG, WebP, large phone photos shrunk to under 5MB', () => {
    renderApp(<UploadPanel onResult={() => {}} />);
    expect(
      screen.getByText('JPG, PNG or WebP · large phone photos are shrunk on your device to under 5MB'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Analyze' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the spec line and shows how to take a good photo', () => {
    renderApp(<UploadPanel onResult={() => {}} />);
    expect(screen.getByText('A clear, front-facing photo with your forehead visible works best.')).toBeTruthy();
    const tips = screen.getByRole('region', { name: PHOTO_TIPS.heading });
    for (const tip of PHOTO_TIPS.tips) expect(tips.textContent).toContain(tip);
    expect(tips.textContent).toMatch(/straight on/);
    expect(tips.textContent).toMatch(/hair off your forehead/);
    expect(tips.textContent).toMatch(/no harsh shadows, no flash/);
    expect(tips.textContent).toMatch(/fill the oval/);
    expect(tips.textContent).toMatch(/Only you/);
    expect(tips.textContent).toContain(PHOTO_TIPS.crown);
  });

  it("a refused photo (422) shows the API's own message, unchanged", async () => {
    const refusal =
      'Your forehead is covered (hair, a hat or a hand). Push your hair back off your forehead, take off any hat and try again.';
    stubApi(() => Response.json({ message: refusal }, { status: 422 }));
    renderApp(<UploadPanel onResult={() => {}} />, { auth: signedIn(2) });
    await pick(photo());
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(await screen.findByText('Photo not accepted', { selector: '[data-variant] *' })).toBeTruthy();
    expect(screen.getAllByText(refusal, { exact: true }).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Failed to analyze hairline/)).toBeNull();
  });

  it('rejects a non-image with the spec toast', async () => {
    renderApp(<UploadPanel onResult={() => {}} />);
    await pick(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Invalid file type', { selector: '[data-variant] *' })).toBeTruthy();
    expect(screen.getAllByText('Please upload an image file (JPEG, PNG, etc.)').length).toBeGreaterThan(0);
  });

  it('rejects an image over 5 MB', async () => {
    renderApp(<UploadPanel onResult={() => {}} />);
    const big = new File([new Uint8Array([0xff, 0xd8, 0xff]), new Uint8Array(MAX_UPLOAD_BYTES)], 'big.jpg', {
      type: 'image/jpeg',
    });
    await pick(big);
    expect(await screen.findByText('File too large', { selector: '[data-variant] *' })).toBeTruthy();
  });

  it('signed out: keeps the photo as an upload, remembers the origin and goes to /auth', async () => {
    const calls = stubApi(() => Response.json({ id: 'up-1' }));
    renderApp(<UploadPanel onResult={() => {}} />, { auth: fakeAuth() });
    await pick(photo());
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth'));
    expect(calls.map((c) => c.url)).toEqual(['/api/upload']);
    expect(sessionStorage.getItem('pendingUploadId')).toBe('up-1');
    expect(sessionStorage.getItem('cameFromAnalyze')).toBe('true');
    expect(sessionStorage.getItem('analyzeRedirectPending')).toBe('true');
    expect(screen.getAllByText('You must be logged in to analyze a hairline').length).toBeGreaterThan(0);
  });

  it('no credits: goes to /pricing without calling analyze', async () => {
    const calls = stubApi(() => Response.json({ id: 'up-2' }));
    renderApp(<UploadPanel onResult={() => {}} />, { auth: signedIn(0) });
    await pick(photo());
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pricing'));
    expect(calls.some((c) => c.url.includes('analyze-hairline'))).toBe(false);
  });

  it('HTTP 402: goes to /pricing with the spec message', async () => {
    stubApi((url) =>
      url.includes('analyze-hairline')
        ? Response.json({ message: 'Not enough credits. Please purchase credits to continue.' }, { status: 402 })
        : Response.json({ id: 'up-3' }),
    );
    renderApp(<UploadPanel onResult={() => {}} />, { auth: signedIn(2) });
    await pick(photo());
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pricing'));
    expect(screen.getAllByText('Not enough credits. Please purchase credits to continue.').length).toBeGreaterThan(0);
  });

  it('other errors: "Failed to analyze hairline: {server text}"', async () => {
    stubApi(() => Response.json({ message: 'Unsupported image type' }, { status: 415 }));
    renderApp(<UploadPanel onResult={() => {}} />, { auth: signedIn(2) });
    await pick(photo());
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    expect((await screen.findAllByText('Failed to analyze hairline: Unsupported image type')).length).toBeGreaterThan(
      0,
    );
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('success: shows Analyzing..., stores the result and its id, refreshes the profile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const result = analysisResult({ id: 'r-9' });
    stubApi(async () => {
      await gate;
      return Response.json(result);
    });
    const refreshProfile = vi.fn(async () => null);
    const onResult = vi.fn();
    renderApp(<UploadPanel onResult={onResult} />, { auth: signedIn(2, { refreshProfile }) });
    await pick(photo());
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    const busy = await screen.findByRole('button', { name: 'Analyzing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(result));
    expect(localStorage.getItem('lastRatingId')).toBe('r-9');
    expect(JSON.parse(localStorage.getItem('lastAnalysisResult')!).id).toBe('r-9');
    expect(refreshProfile).toHaveBeenCalled();
  });

  it('a timed-out call (503) whose analysis completed: finds the rating by its client request id and shows it, no error', async () => {
    const result = analysisResult({ id: 'r-lost', clientRequestId: 'x' });
    let sentId = '';
    const calls = stubApi((url, init) => {
      if (url.includes('analyze-hairline')) {
        sentId = new Headers(init?.headers).get('x-client-request-id') ?? '';
        return Response.json({ message: 'Service Unavailable' }, { status: 503 });
      }
      if (url.startsWith('/api/ratings?')) {
        const asked = new URL(url, 'http://x').searchParams.get('clientRequestId');
        return Response.json({
          items: asked === sentId ? [{ ...result, overlayBase64: undefined }] : [],
          nextCursor: null,
        });
      }
      if (url === '/api/ratings/r-lost') return Response.json(result);
      return new Response('unexpected', { status: 500 });
    });
    const onResult = vi.fn();
    renderApp(<UploadPanel onResult={onResult} />, { auth: signedIn(2) });
    await pick(photo());
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(result));
    expect(sentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.map((c) => c.url.replace(/clientRequestId=.*/, 'clientRequestId=…'))).toEqual([
      '/api/analyze-hairline',
      '/api/ratings?clientRequestId=…',
      '/api/ratings/r-lost',
    ]);
    expect(screen.queryByText(/Failed to analyze hairline/)).toBeNull();
    expect(localStorage.getItem('lastRatingId')).toBe('r-lost');
  });

  it('no answer at all (network error) and no rating made: looks a few times, then says it failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi((url) => {
      if (url.includes('analyze-hairline')) throw new TypeError('Failed to fetch');
      return Response.json({ items: [], nextCursor: null });
    });
    renderApp(<UploadPanel onResult={() => {}} />, { auth: signedIn(2) });
    await pick(photo());
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/ratings?'))).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    expect(
      (await screen.findAllByText(/Failed to analyze hairline: no answer from the server/)).length,
    ).toBeGreaterThan(0);
    expect(calls.filter((c) => c.url.startsWith('/api/ratings?'))).toHaveLength(4);
  });

  it('429 (another analysis still running): says so, costs nothing, no lookup', async () => {
    const calls = stubApi(() =>
      Response.json({ message: 'Your previous analysis is still running. Please wait a moment.' }, { status: 429 }),
    );
    renderApp(<UploadPanel onResult={() => {}} />, { auth: signedIn(2) });
    await pick(photo());
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(
      (await screen.findAllByText('Your previous analysis is still running. Please wait a moment.')).length,
    ).toBeGreaterThan(0);
    expect(calls.map((c) => c.url)).toEqual(['/api/analyze-hairline']);
  });
});

describe('UploadPanel with a crown photo', () => {
  it('offers the optional crown photo with its how-to; uploads it first and sends crownUploadId with the face photo', async () => {
    const calls = stubApi((url) =>
      url.endsWith('/api/upload')
        ? Response.json({ id: 'crown-upload-id' }, { status: 201 })
        : Response.json(analysisResult(), { status: 200 }),
    );
    const onResult = vi.fn();
    renderApp(<UploadPanel onResult={onResult} />, { auth: signedIn(2) });
    expect(screen.getByText(CROWN_TEXTS.howTo)).toBeTruthy();
    await pick(photo());
    // one file input until the crown picker is asked for
    expect(document.querySelectorAll('input[type=file]')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: CROWN_TEXTS.add }));
    const crownInput = screen.getByLabelText(CROWN_TEXTS.choose);
    fireEvent.change(crownInput, {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'top.jpg', { type: 'image/jpeg' })] },
    });
    expect(await screen.findByText(CROWN_TEXTS.oneCredit)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(onResult).toHaveBeenCalled());
    const [upload, analyzeCall] = calls;
    expect(upload?.url).toMatch(/\/api\/upload$/);
    expect(analyzeCall?.url).toMatch(/\/api\/analyze-hairline$/);
    const form = analyzeCall?.init?.body as FormData;
    expect(form.get('crownUploadId')).toBe('crown-upload-id');
    expect(form.get('image')).toBeInstanceOf(File);
    expect(form.get('photoOf')).toBe('hairline');
  });

  it('says what the photo shows: a hairline photo by default, a crown photo alone when Crown is chosen', async () => {
    const calls = stubApi(() => Response.json(analysisResult(), { status: 200 }));
    const onResult = vi.fn();
    renderApp(<UploadPanel onResult={onResult} />, { auth: signedIn(2) });
    const shows = screen.getByRole('group', { name: PHOTO_SHOWS_LABEL });
    const hairline = within(shows).getByRole('button', { name: 'Hairline' });
    expect(hairline.getAttribute('aria-pressed')).toBe('true');
    await pick(photo());
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(1));
    expect((calls[0]?.init?.body as FormData).get('photoOf')).toBe('hairline');
    // a crown photo alone: no second photo to add beside it
    fireEvent.click(within(shows).getByRole('button', { name: 'Crown (top of head)' }));
    expect(screen.queryByRole('button', { name: CROWN_TEXTS.add })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(2));
    expect((calls[1]?.init?.body as FormData).get('photoOf')).toBe('crown');
  });
});
