import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '#web/lib/query-client.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import type { UserProfile } from '#shared/schemas.ts';
import { AuthContext, type AuthContextValue } from '#web/features/auth/auth-context.ts';
import { Toaster } from '#web/components/ui/Toaster.tsx';
import { dismissToast } from '#web/components/ui/toast-store.ts';

/** recharts measures its container with ResizeObserver, which happy-dom lacks; undone by vi.unstubAllGlobals() */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

export function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'u1',
    username: 'alice',
    email: 'alice@example.com',
    firstName: null,
    lastName: null,
    bio: null,
    profileImageUrl: null,
    stripeCustomerId: null,
    credits: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const reject = async () => {
    throw new Error('not in this test');
  };
  return {
    status: 'signed-out',
    user: null,
    profile: null,
    profileLoading: false,
    isNewUser: false,
    config: undefined,
    refreshProfile: async () => null,
    signIn: reject,
    signUp: reject,
    confirmSignUp: reject,
    resendSignUpCode: reject,
    resetPassword: reject,
    confirmResetPassword: reject,
    signInWithGoogle: reject,
    signOut: reject,
    ...overrides,
  };
}

export function signedIn(credits: number, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return fakeAuth({
    status: 'signed-in',
    user: { userId: 'u1', username: 'alice', email: 'alice@example.com', name: null },
    profile: profile({ credits }),
    ...overrides,
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderApp(
  ui: ReactElement,
  { auth = fakeAuth(), path = '/' }: { auth?: AuthContextValue; path?: string } = {},
) {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

/**
 * For a file whose tests render the app: empty storage and a ResizeObserver before each; no toast, DOM, stubbed global
 * or fake timer after.
 */
export function resetAroundEachTest(): void {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    stubResizeObserver();
  });
  afterEach(() => {
    act(() => dismissToast());
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

/** Opens the mobile menu, chooses `item` and waits for the dialog it opens. */
export async function openFromMobileMenu(item: string, dialog: { role: 'dialog' | 'alertdialog'; name: string }) {
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  fireEvent.click(await screen.findByRole('button', { name: item }));
  return screen.findByRole(dialog.role, { name: dialog.name });
}
