import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BIRTH_YEAR_NOTE } from '#shared/birth-year.ts';
import MobileMenu from '#web/features/layout/MobileMenu.tsx';
import {
  openFromMobileMenu,
  profile,
  renderApp,
  resetAroundEachTest,
  signedIn,
} from '#test/unit/web/support/render-helpers.tsx';
import { requestsOf, stubApi } from '#test/unit/web/support/stub-api.ts';

const openDialog = () => openFromMobileMenu('Birth year', { role: 'dialog', name: 'Your birth year' });

resetAroundEachTest();

describe('Birth year (profile)', () => {
  it('says why it is asked, saves it with PATCH /api/me and reads the profile again', async () => {
    const calls = stubApi(() => Response.json(profile({ birthYear: 1990 })));
    const refreshProfile = vi.fn(async () => null);
    renderApp(<MobileMenu />, { auth: signedIn(3, { refreshProfile }) });
    const dialog = await openDialog();
    expect(dialog.textContent).toContain(BIRTH_YEAR_NOTE);
    expect(BIRTH_YEAR_NOTE).toBe('Only to compare your hairline with men your age; never shown to others.');
    fireEvent.change(within(dialog).getByLabelText('Birth year (optional)'), { target: { value: '1990' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf(calls)).toEqual([{ url: '/api/me', method: 'PATCH', body: { birthYear: 1990 } }]);
    expect(refreshProfile).toHaveBeenCalledOnce();
  });

  it('a stored year can be removed (null)', async () => {
    const calls = stubApi(() => Response.json(profile()));
    renderApp(<MobileMenu />, { auth: signedIn(3, { profile: profile({ birthYear: 1985 }) }) });
    const dialog = await openDialog();
    expect((within(dialog).getByLabelText('Birth year (optional)') as HTMLInputElement).value).toBe('1985');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(requestsOf(calls)).toEqual([{ url: '/api/me', method: 'PATCH', body: { birthYear: null } }]),
    );
  });

  it('a year the server refuses keeps the dialog open with its sentence; no request for a non-year', async () => {
    const rule = 'Birth year must be a whole year from 1916 to 2008 (you must be 18 or older)';
    const calls = stubApi(() => Response.json({ message: `birthYear: ${rule}` }, { status: 400 }));
    renderApp(<MobileMenu />, { auth: signedIn(3) });
    const dialog = await openDialog();
    const input = within(dialog).getByLabelText('Birth year (optional)');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Enter a year, for example 1990.');
    expect(requestsOf(calls)).toEqual([]);
    fireEvent.change(input, { target: { value: '2020' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(rule));
    expect(screen.getByRole('dialog', { name: 'Your birth year' })).toBeTruthy();
  });
});
