/** The crown photo kept through the sign-in and pricing detour, as the face photo is (UploadPanel + session storage). */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CROWN_TEXTS, UploadPanel } from '#web/features/analyze/UploadPanel.tsx';
import { analysisResult } from '#test/support/ratings.ts';
import { fakeAuth, renderApp, resetAroundEachTest, signedIn } from '#test/unit/web/support/render-helpers.tsx';
import { stubApi } from '#test/unit/web/support/stub-api.ts';

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const CROWN_PREVIEW = 'data:image/jpeg;base64,Y3Jvd24=';

/** chooses both photos, each read by the panel (asynchronously) before the next step */
async function pickBoth() {
  fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [jpeg('me.jpg')] } });
  await screen.findByAltText('Preview of the photo you chose');
  fireEvent.click(screen.getByRole('button', { name: CROWN_TEXTS.add }));
  fireEvent.change(screen.getByLabelText(CROWN_TEXTS.choose), { target: { files: [jpeg('top.jpg')] } });
  await screen.findByAltText(CROWN_TEXTS.alt);
}

/** What a visitor's tab holds after the detour: both photos uploaded and remembered a minute ago. */
function keptBoth() {
  const now = String(Date.now() - 60_000);
  sessionStorage.setItem('pendingUploadId', 'face-up');
  sessionStorage.setItem('pendingUploadAt', now);
  sessionStorage.setItem('pendingCrownUploadId', 'crown-up');
  sessionStorage.setItem('pendingCrownUploadAt', now);
  sessionStorage.setItem('pendingCrownPreview', CROWN_PREVIEW);
}

resetAroundEachTest();

describe('the crown photo through the sign-in detour', () => {
  it('signed out: uploads the face and the crown photo, remembers both, and goes to /auth', async () => {
    let n = 0;
    const calls = stubApi(() => Response.json({ id: `up-${++n}` }, { status: 201 }));
    renderApp(<UploadPanel onResult={() => {}} />, { auth: fakeAuth() });
    await pickBoth();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth'));
    expect(calls.map((c) => c.url)).toEqual(['/api/upload', '/api/upload']);
    const names = calls.map((c) => ((c.init?.body as FormData).get('image') as File).name);
    const ids = { [names[0]!]: 'up-1', [names[1]!]: 'up-2' };
    expect(sessionStorage.getItem('pendingUploadId')).toBe(ids['me.jpg']);
    expect(sessionStorage.getItem('pendingCrownUploadId')).toBe(ids['top.jpg']);
    expect(sessionStorage.getItem('pendingCrownUploadAt')).toBeTruthy();
  });

  it('no credits: keeps both photos on the way to /pricing', async () => {
    stubApi((url) => Response.json({ id: url.endsWith('/api/upload') ? 'up' : 'x' }, { status: 201 }));
    renderApp(<UploadPanel onResult={() => {}} />, { auth: signedIn(0) });
    await pickBoth();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pricing'));
    expect(sessionStorage.getItem('pendingUploadId')).toBe('up');
    expect(sessionStorage.getItem('pendingCrownUploadId')).toBe('up');
  });

  it('back from the detour: shows the kept crown photo and sends crownUploadId with the kept face photo, no new upload', async () => {
    keptBoth();
    const calls = stubApi(() => Response.json(analysisResult({ id: 'r-both' })));
    const onResult = vi.fn();
    renderApp(<UploadPanel onResult={onResult} />, { auth: signedIn(2) });
    const img = await screen.findByRole('img', { name: CROWN_TEXTS.keptAlt });
    expect(img.getAttribute('src')).toBe(CROWN_PREVIEW);
    expect(screen.getByText(CROWN_TEXTS.kept)).toBeTruthy();
    expect(screen.getByText(CROWN_TEXTS.oneCredit)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(onResult).toHaveBeenCalled());
    expect(calls.map((c) => c.url)).toEqual(['/api/analyze-hairline']);
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({
      uploadId: 'face-up',
      crownUploadId: 'crown-up',
      photoOf: 'hairline',
    });
    // the kept-photo store is loaded on demand, so it is cleared a moment after the result
    await waitFor(() => expect(sessionStorage.getItem('pendingCrownUploadId')).toBeNull());
    expect(sessionStorage.getItem('pendingUploadId')).toBeNull();
  });

  it('a crown upload that failed before the detour: the face photo is kept and the page says to choose the crown again', async () => {
    stubApi((_url, init) =>
      ((init?.body as FormData).get('image') as File).name === 'top.jpg'
        ? Response.json({ message: 'Too many uploads. Please wait a minute and try again.' }, { status: 429 })
        : Response.json({ id: 'face-up' }, { status: 201 }),
    );
    const first = renderApp(<UploadPanel onResult={() => {}} />, { auth: fakeAuth() });
    await pickBoth();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth'));
    expect(sessionStorage.getItem('pendingUploadId')).toBe('face-up');
    expect(sessionStorage.getItem('pendingCrownUploadId')).toBeNull();
    first.unmount();
    renderApp(<UploadPanel onResult={() => {}} />, { auth: signedIn(2) });
    expect(await screen.findByText(CROWN_TEXTS.lost)).toBeTruthy();
    expect(screen.getByText('Your photo from before is ready. Press Analyze to rate it.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Analyze' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('the kept crown upload expired on the server (404 naming it): keeps the face photo, says so, no result', async () => {
    keptBoth();
    const calls = stubApi(() =>
      Response.json(
        { message: 'Crown photo: Upload not found or expired', details: { photo: 'crown' } },
        { status: 404 },
      ),
    );
    const onResult = vi.fn();
    renderApp(<UploadPanel onResult={onResult} />, { auth: signedIn(2) });
    await screen.findByRole('img', { name: CROWN_TEXTS.keptAlt });
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(await screen.findByText('Crown photo expired', { selector: '[data-variant] *' })).toBeTruthy();
    expect(screen.getByText(CROWN_TEXTS.lost)).toBeTruthy();
    expect(screen.queryByRole('img', { name: CROWN_TEXTS.keptAlt })).toBeNull();
    expect(screen.queryByText(/Failed to analyze hairline/)).toBeNull();
    expect(sessionStorage.getItem('pendingUploadId')).toBe('face-up');
    expect(sessionStorage.getItem('pendingCrownUploadId')).toBeNull();
    expect(onResult).not.toHaveBeenCalled();
    // the next press rates the face photo alone
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(JSON.parse(calls[1]!.init!.body as string)).toEqual({ uploadId: 'face-up', photoOf: 'hairline' });
  });

  it('removing the kept crown photo forgets it, so it does not come back with the face photo', async () => {
    keptBoth();
    renderApp(<UploadPanel onResult={() => {}} />, { auth: signedIn(2) });
    await screen.findByRole('img', { name: CROWN_TEXTS.keptAlt });
    fireEvent.click(screen.getByRole('button', { name: CROWN_TEXTS.remove }));
    expect(screen.queryByRole('img', { name: CROWN_TEXTS.keptAlt })).toBeNull();
    await waitFor(() => expect(sessionStorage.getItem('pendingCrownUploadId')).toBeNull());
    expect(sessionStorage.getItem('pendingUploadId')).toBe('face-up');
  });
});
