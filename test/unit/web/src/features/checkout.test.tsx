import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PACKAGES } from '#shared/packages.ts';
import CheckoutPage from '#web/features/checkout/CheckoutPage.tsx';
import CheckoutRedirect from '#web/features/checkout/CheckoutRedirect.tsx';
import CheckoutSuccessPage from '#web/features/checkout/CheckoutSuccessPage.tsx';
import { fakeAuth, renderApp, resetAroundEachTest, signedIn } from '#test/unit/web/support/render-helpers.tsx';

function stubFetch(handler: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(String(url), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const checkoutRoutes = (
  <Routes>
    <Route path="/checkout" element={<CheckoutRedirect />} />
    <Route path="/checkout/:packageId" element={<CheckoutPage />} />
    <Route path="*" element={null} />
  </Routes>
);

resetAroundEachTest();

describe('checkout', () => {
  it('/checkout redirects to the first package, keeping a rating id', async () => {
    stubFetch(() => Response.json(PACKAGES));
    renderApp(checkoutRoutes, { path: '/checkout?id=r1' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/checkout/10-ratings?ratingId=r1'));
  });

  it('shows the summary; signed out it asks to log in and remembers the pack', async () => {
    stubFetch(() => Response.json(PACKAGES));
    renderApp(checkoutRoutes, { path: '/checkout/50_ratings', auth: fakeAuth() });
    const summary = await screen.findByTestId('checkout-summary');
    expect(summary.textContent).toContain('50 Hairline Ratings');
    expect(summary.textContent).toContain('$6.99');
    expect(summary.textContent).toContain('Number of ratings50');
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth?redirect=checkout'));
    expect(sessionStorage.getItem('pendingCheckoutPackage')).toBe('50-ratings');
    // the toast region loads on the first toast (Toaster): wait for it
    expect((await screen.findAllByText('Please log in before purchasing')).length).toBeGreaterThan(0);
  });

  it('signed in it creates a session and follows its url', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = stubFetch((url) =>
      url.endsWith('/api/create-checkout-session')
        ? Response.json({ url: 'http://stripe.test/pay/cs_1', sessionId: 'cs_1' })
        : Response.json(PACKAGES),
    );
    renderApp(checkoutRoutes, { path: '/checkout/10-ratings', auth: signedIn(0) });
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/pay/cs_1'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/create-checkout-session'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ packageId: '10-ratings', ratingId: null });
  });

  it('shows the server message in a Checkout Error toast', async () => {
    stubFetch((url) =>
      url.endsWith('/api/create-checkout-session')
        ? Response.json({ message: 'Unknown package' }, { status: 400 })
        : Response.json(PACKAGES),
    );
    renderApp(checkoutRoutes, { path: '/checkout/10-ratings', auth: signedIn(0) });
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('Checkout Error', { selector: '[data-variant] *' })).toBeTruthy();
    expect(screen.getByText('Unknown package', { selector: '[data-variant] *' })).toBeTruthy();
  });
});

describe('checkout success', () => {
  it("says 'No session ID found' without a session id", () => {
    renderApp(<CheckoutSuccessPage />, { path: '/checkout-success', auth: signedIn(0) });
    expect(screen.getByRole('alert').textContent).toBe('No session ID found');
    expect(screen.getByRole('button', { name: 'Retry Payment Processing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  const verified = (receipt: { credits: number; fresh: boolean }) => ({
    payment_status: 'paid',
    metadata: { userId: 'u1', numCredits: '10' },
    amount_total: 399,
    line_items: [],
    credited: false,
    credits: 12,
    receipt,
  });

  it("a new purchase credited by the webhook first reads 'Payment received', with the new balance", async () => {
    stubFetch((url) =>
      url.includes('/api/verify-checkout-session?session_id=cs_9')
        ? Response.json(verified({ credits: 10, fresh: true }))
        : new Response('', { status: 404 }),
    );
    renderApp(<CheckoutSuccessPage />, { path: '/checkout-success?session_id=cs_9', auth: signedIn(0) });
    expect((await screen.findByTestId('credit-balance')).textContent).toBe('12');
    expect(screen.getByTestId('payment-received').textContent).toBe('Payment received: 10 credits added.');
    expect(screen.queryByText(/already processed/)).toBeNull();
  });

  it("an old session opened again reads 'already processed'", async () => {
    stubFetch(() => Response.json(verified({ credits: 10, fresh: false })));
    renderApp(<CheckoutSuccessPage />, { path: '/checkout-success?session_id=cs_8', auth: signedIn(0) });
    await screen.findByTestId('credit-balance');
    expect(screen.getByText(/This payment was already processed\./)).toBeTruthy();
    expect(screen.queryByTestId('payment-received')).toBeNull();
  });

  it('shows the server message and the Payment Error toast on failure', async () => {
    stubFetch(() => Response.json({ message: 'Payment was not completed. Status: unpaid' }, { status: 400 }));
    renderApp(<CheckoutSuccessPage />, { path: '/checkout-success?session_id=cs_1', auth: signedIn(0) });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Payment was not completed. Status: unpaid'),
    );
    expect(screen.getByText('Failed to process payment', { selector: '[data-variant] *' })).toBeTruthy();
  });
});
