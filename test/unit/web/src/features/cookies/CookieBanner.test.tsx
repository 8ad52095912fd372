import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CookieBanner } from '#web/features/cookies/CookieBanner.tsx';
import { analyticsLocation, loadAnalytics } from '#web/features/cookies/analytics.ts';
import { renderApp } from '#test/unit/web/support/render-helpers.tsx';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('', { status: 404 })),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.getElementById('analytics-tag')?.remove();
});

describe('CookieBanner', () => {
  it('appears after 1000 ms when no choice is stored', () => {
    renderApp(<CookieBanner />);
    void act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    void act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('cookie-banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  it('stores the choice with its date and fades out over 300 ms', () => {
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    renderApp(<CookieBanner />);
    void act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Reject all' }));
    expect(localStorage.getItem('cookieConsent')).toBe('rejected');
    expect(localStorage.getItem('cookieConsentDate')).toBe('2026-11-22T10:00:01.000Z');
    expect(screen.getByTestId('cookie-banner').className).toContain('opacity-0');
    void act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByTestId('cookie-banner')).not.toBeNull();
    void act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('stays hidden when a choice is stored', () => {
    localStorage.setItem('cookieConsent', 'accepted');
    renderApp(<CookieBanner />);
    void act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });
});

describe('loadAnalytics', () => {
  it('adds the tag once, and nothing without an id', () => {
    expect(loadAnalytics(undefined)).toBe(false);
    expect(document.getElementById('analytics-tag')).toBeNull();
    expect(loadAnalytics('G-TEST')).toBe(true);
    expect(loadAnalytics('G-TEST')).toBe(false);
    expect(document.querySelectorAll('#analytics-tag')).toHaveLength(1);
    expect((document.getElementById('analytics-tag') as HTMLScriptElement).src).toContain('id=G-TEST');
  });
});

describe('analytics page addresses', () => {
  it('drop the query and the fragment: no unsubscribe token or checkout session id leaves for the provider', () => {
    expect(analyticsLocation('https://site.example/unsubscribe?token=abc.def')).toBe(
      'https://site.example/unsubscribe',
    );
    expect(analyticsLocation('https://site.example/checkout-success?session_id=cs_test_1#x')).toBe(
      'https://site.example/checkout-success',
    );
    expect(analyticsLocation('https://site.example/pricing')).toBe('https://site.example/pricing');
    expect(analyticsLocation('')).toBe('');
  });

  it('the tag is configured with the page and referrer without their queries', () => {
    window.history.replaceState(null, '', '/unsubscribe?token=secret-token');
    window.dataLayer = [];
    try {
      expect(loadAnalytics('G-TEST')).toBe(true);
      const config = (window.dataLayer ?? [])
        .map((args) => Array.from(args as ArrayLike<unknown>))
        .find((args) => args[0] === 'config');
      expect(config?.[2]).toMatchObject({ page_location: `${window.location.origin}/unsubscribe` });
      expect(JSON.stringify(window.dataLayer)).not.toContain('secret-token');
    } finally {
      window.history.replaceState(null, '', '/');
      window.dataLayer = [];
    }
  });
});
