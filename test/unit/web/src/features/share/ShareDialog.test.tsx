import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SHARE_TEXTS, ShareForm } from '#web/features/share/ShareDialog.tsx';
import { renderApp, resetAroundEachTest, signedIn } from '#test/unit/web/support/render-helpers.tsx';

const SHARE_ID = 'q3Vx9kLm2Pz8RtY4wN6bJA';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function mockApi(handlers: { post?: () => Response; del?: () => Response } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      if (url.includes('/api/ratings/r1/share')) {
        calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        if (method === 'POST') {
          return (
            handlers.post?.() ??
            Response.json(
              { shareId: SHARE_ID, url: `http://x/r/${SHARE_ID}`, anonymous: true, includePhoto: true },
              { status: 201 },
            )
          );
        }
        return handlers.del?.() ?? new Response(null, { status: 204 });
      }
      return new Response('', { status: 404 });
    }),
  );
  return calls;
}

resetAroundEachTest();

describe('ShareForm', () => {
  it('starts with "Show my name" and the photo left out', () => {
    mockApi();
    renderApp(<ShareForm ratingId="r1" />, { auth: signedIn(1) });
    expect((screen.getByLabelText(SHARE_TEXTS.showName) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(SHARE_TEXTS.anonymous) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText(SHARE_TEXTS.includePhoto) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('share-form').dataset.state).toBe('idle');
    expect(screen.queryByTestId('share-link')).toBeNull();
  });

  it('creates the link with the chosen options, shows /r/<id> and moves focus to Copy', async () => {
    const calls = mockApi();
    renderApp(<ShareForm ratingId="r1" />, { auth: signedIn(1) });
    fireEvent.click(screen.getByLabelText(SHARE_TEXTS.anonymous));
    fireEvent.click(screen.getByLabelText(SHARE_TEXTS.includePhoto));
    fireEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.create }));
    const link = (await screen.findByTestId('share-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/r/${SHARE_ID}`);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: expect.stringContaining('/api/ratings/r1/share'),
        body: { anonymous: true, includePhoto: true },
      },
    ]);
    await waitFor(() => expect(document.activeElement?.textContent).toBe(SHARE_TEXTS.copy));
    expect(screen.getByRole('button', { name: SHARE_TEXTS.update })).toBeTruthy();
  });

  it('Copy uses the clipboard', async () => {
    mockApi();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp(<ShareForm ratingId="r1" />, { auth: signedIn(1) });
    fireEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.create }));
    fireEvent.click(await screen.findByRole('button', { name: SHARE_TEXTS.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/r/${SHARE_ID}`));
    expect(await screen.findAllByText(SHARE_TEXTS.copied)).not.toHaveLength(0);
  });

  it('without the Clipboard API the link is selected for copying by hand', async () => {
    mockApi();
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    renderApp(<ShareForm ratingId="r1" />, { auth: signedIn(1) });
    fireEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.create }));
    fireEvent.click(await screen.findByRole('button', { name: SHARE_TEXTS.copy }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('share-link')));
  });

  it('Stop sharing revokes the link and offers a new one', async () => {
    const calls = mockApi();
    renderApp(<ShareForm ratingId="r1" />, { auth: signedIn(1) });
    fireEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.create }));
    fireEvent.click(await screen.findByRole('button', { name: SHARE_TEXTS.revoke }));
    expect(await screen.findByText(SHARE_TEXTS.revoked)).toBeTruthy();
    expect(screen.queryByTestId('share-link')).toBeNull();
    expect(screen.getByTestId('share-form').dataset.state).toBe('revoked');
    expect(calls.map((c) => c.method)).toEqual(['POST', 'DELETE']);
    expect(screen.getByRole('button', { name: SHARE_TEXTS.again })).toBeTruthy();
  });

  it('a failed request says so', async () => {
    mockApi({ post: () => Response.json({ message: 'Rating not found' }, { status: 404 }) });
    renderApp(<ShareForm ratingId="r1" />, { auth: signedIn(1) });
    fireEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.create }));
    expect((await screen.findByRole('alert')).textContent).toBe(SHARE_TEXTS.failed);
  });
});
