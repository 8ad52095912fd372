/** The pricing page (the packs of shared/packages.ts, prerendered) and the packs read from the API. */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import PricingPage from '#web/features/pricing/PricingPage.tsx';
import { usePackages } from '#web/features/pricing/use-packages.ts';
import { renderApp, resetAroundEachTest } from '#test/unit/web/support/render-helpers.tsx';

function stubFetch(handler: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(String(url), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

resetAroundEachTest();

describe('pricing', () => {
  it('shows the packs of shared/packages.ts, with no request (the page is prerendered)', () => {
    const fetchMock = stubFetch(() => new Response('', { status: 500 }));
    renderApp(<PricingPage />);
    expect(screen.getByText('$3.99')).toBeTruthy();
    expect(screen.getByText('$14.99')).toBeTruthy();
    expect(screen.getByText('53% OFF')).toBeTruthy();
    expect(screen.getByText('Most Popular')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started with 50 Hairline Ratings' }).getAttribute('href')).toBe(
      '/checkout/50-ratings',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the checkout page reads the packs from the API: a failed load toasts and yields none', async () => {
    stubFetch(() => new Response('boom', { status: 500 }));
    renderApp(<PackCount />);
    expect(await screen.findByText('Failed to load payment packages', { selector: '[data-variant] *' })).toBeTruthy();
    expect(screen.getByText('Error', { selector: '[data-variant] *' })).toBeTruthy();
    expect(screen.getByTestId('packs').textContent).toBe('0');
  });
});

function PackCount() {
  const { data } = usePackages();
  return <output data-testid="packs">{data?.length ?? ''}</output>;
}
