import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RetakeReminder } from '#web/features/reminders/index.ts';
import UnsubscribePage from '#web/features/reminders/UnsubscribePage.tsx';
import { renderApp, signedIn } from '#test/unit/web/support/render-helpers.tsx';
import { stubApi } from '#test/unit/web/support/stub-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Remind me to retake in 4 weeks', () => {
  it('is off until one click turns it on, then says when and can be stopped', async () => {
    let reminder: { dueAt: string } | null = null;
    const calls = stubApi((url, init) => {
      const method = init?.method ?? 'GET';
      if (url.endsWith('/api/me/reminder')) {
        if (method === 'POST') reminder = { dueAt: '2026-12-22T10:00:00.000Z' };
        if (method === 'DELETE') reminder = null;
        return Response.json({ reminder });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    });
    renderApp(<RetakeReminder />, { auth: signedIn(3) });
    const offer = await screen.findByRole('button', { name: 'Remind me to retake in 4 weeks' });
    expect(calls.filter((c) => c.init?.method === 'POST')).toHaveLength(0);
    expect(screen.getByTestId('retake-reminder').textContent).toContain('one-click unsubscribe');

    fireEvent.click(offer);
    expect((await screen.findByText(/^Reminder on:/)).textContent).toMatch(
      /^Reminder on: we'll e-mail you on 22 Dec( 2026)?, then every 4 weeks\.$/,
    );
    expect(calls.filter((c) => c.init?.method === 'POST')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Stop reminders' }));
    await screen.findByRole('button', { name: 'Remind me to retake in 4 weeks' });
    expect(calls.filter((c) => c.init?.method === 'DELETE')).toHaveLength(1);
  });
});

describe('/unsubscribe', () => {
  it('posts the token from the link once, with no sign-in, and says it is done', async () => {
    const calls = stubApi(() => new Response(null, { status: 204 }));
    renderApp(<UnsubscribePage />, { path: '/unsubscribe?token=dXNlcg.abc' });
    await waitFor(() =>
      expect(screen.getByTestId('unsubscribe-outcome').textContent).toBe(
        "You're unsubscribed: we won't send you any more retake reminders.",
      ),
    );
    expect(calls[0]!.url).toMatch(/\/api\/reminders\/unsubscribe\?token=dXNlcg\.abc$/);
    expect(calls[0]!.init?.method).toBe('POST');
    expect(new Headers(calls[0]!.init?.headers).has('authorization')).toBe(false);
  });

  it('says when the link is not valid', async () => {
    stubApi(() => Response.json({ message: 'This unsubscribe link is not valid.' }, { status: 400 }));
    renderApp(<UnsubscribePage />, { path: '/unsubscribe?token=forged' });
    await waitFor(() =>
      expect(screen.getByTestId('unsubscribe-outcome').textContent).toContain('This unsubscribe link is not valid.'),
    );
  });
});
