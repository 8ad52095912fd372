import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import MobileMenu from '#web/features/layout/MobileMenu.tsx';
import {
  openFromMobileMenu,
  renderApp,
  resetAroundEachTest,
  signedIn,
} from '#test/unit/web/support/render-helpers.tsx';
import { requestsOf, stubApi } from '#test/unit/web/support/stub-api.ts';

/** Answers every API call with `status`: 204, or an error with the API's message. */
const answering = (status: number) =>
  stubApi(() =>
    status === 204 ? new Response(null, { status }) : Response.json({ message: 'Internal server error' }, { status }),
  );

const openDeleteDialog = () =>
  openFromMobileMenu('Delete account', { role: 'alertdialog', name: 'Delete your account?' });

resetAroundEachTest();

describe('Delete account (mobile menu)', () => {
  it('says what is removed and that unused credits are not refunded; Cancel deletes nothing', async () => {
    const calls = answering(204);
    renderApp(<MobileMenu />, { auth: signedIn(7), path: '/history' });
    const dialog = await openDeleteDialog();
    const text = dialog.textContent ?? '';
    for (const word of ['profile', 'credit balance', 'ratings', 'share links', 'sign-in']) expect(text).toContain(word);
    expect(text).toContain('Unused credits are not refunded (Terms of Service, section 8).');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requestsOf(calls)).toEqual([]);
  });

  it('confirmed: DELETE /api/me, sign out, land on / with a toast', async () => {
    const calls = answering(204);
    const signOut = vi.fn(async () => {});
    renderApp(<MobileMenu />, { auth: signedIn(7, { signOut }), path: '/history' });
    const dialog = await openDeleteDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    // the sign-out is an effect of the render that shows `/`: React may run it a moment after that render is on screen
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
    expect(requestsOf(calls)).toEqual([{ url: '/api/me', method: 'DELETE' }]);
    expect((await screen.findAllByText('Your account has been deleted')).length).toBeGreaterThan(0);
  });

  it('a failed delete keeps the dialog open with a message and stays signed in', async () => {
    answering(500);
    const signOut = vi.fn(async () => {});
    renderApp(<MobileMenu />, { auth: signedIn(7, { signOut }), path: '/history' });
    const dialog = await openDeleteDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Could not delete your account. Please try again.',
    );
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/history');
  });
});
