/** The legal pages (terms, privacy) and the 404 page. */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import TermsPage, { effectiveDate, TERMS_SECTION_COUNT } from '#web/features/legal/TermsPage.tsx';
import NotFoundPage from '#web/features/legal/NotFoundPage.tsx';
import PrivacyPage from '#web/features/legal/PrivacyPage.tsx';
import { renderApp, resetAroundEachTest } from '#test/unit/web/support/render-helpers.tsx';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ message: 'no config in unit tests' }, { status: 404 })),
  );
});

resetAroundEachTest();

describe('legal pages', () => {
  it('terms have the 15 sections and today as the effective date', () => {
    renderApp(<TermsPage />);
    expect(TERMS_SECTION_COUNT).toBe(15);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(15);
    expect(screen.getByTestId('effective-date').textContent).toBe(`Effective date: ${effectiveDate()}`);
    expect(screen.getByText(/No refunds are given for any reason/)).toBeTruthy();
    expect(screen.getByText(/12 months/)).toBeTruthy();
    expect(screen.getByText(/24-48 hours on business days/)).toBeTruthy();
  });

  it('the privacy page says what is kept: birth year, reminders, the processors, the self-serve export; no bio', () => {
    renderApp(<PrivacyPage />);
    const text = document.body.textContent!;
    for (const fragment of ['birth year', 'Retake reminders', 'Amazon Web Services', 'Stripe', 'Google Analytics']) {
      expect(text).toContain(fragment);
    }
    expect(text).toContain('Download my data');
    expect(text).not.toMatch(/\bbio\b/);
  });

  it('404 page', () => {
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
  });
});
