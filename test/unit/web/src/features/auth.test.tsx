import { authErrorText } from '#web/features/auth/auth-errors.ts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from '#web/features/auth/auth-context.ts';
import AuthPage from '#web/features/auth/AuthPage.tsx';
import { isFederatedUsername } from '#web/features/auth/federated-username.ts';
import { googleProfileDefaults } from '#web/features/auth/google-profile.ts';
import { RequireAuth } from '#web/features/auth/RequireAuth.tsx';
import { validateSignUp } from '#web/features/auth/sign-up-validation.ts';
import { fakeAuth, renderApp, resetAroundEachTest } from '#test/unit/web/support/render-helpers.tsx';

resetAroundEachTest();

describe('auth context', () => {
  it('throws when used outside its provider', () => {
    const Probe = () => <>{useAuth().status}</>;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
    vi.restoreAllMocks();
  });
});

describe('RequireAuth', () => {
  it('shows a centred spinner while loading, then redirects a signed-out visitor to /auth', () => {
    const guarded = (
      <Routes>
        <Route path="/secret" element={<RequireAuth>secret</RequireAuth>} />
        <Route path="/auth" element={<p>auth page</p>} />
      </Routes>
    );
    renderApp(guarded, { path: '/secret', auth: fakeAuth({ status: 'loading' }) });
    expect(screen.getByText('Checking sign-in')).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
    cleanup();
    renderApp(guarded, { path: '/secret', auth: fakeAuth({ status: 'signed-out' }) });
    expect(screen.getByTestId('location').textContent).toBe('/auth');
    cleanup();
    renderApp(guarded, { path: '/secret', auth: fakeAuth({ status: 'signed-in' }) });
    expect(screen.getByText('secret')).toBeTruthy();
  });
});

describe('sign-up validation', () => {
  it('uses the spec texts', () => {
    expect(validateSignUp('abcdef', 'abcdeg')).toEqual({
      title: "Passwords don't match",
      description: 'Please ensure both passwords match.',
    });
    expect(validateSignUp('abc', 'abc')).toEqual({
      title: 'Password too short',
      description: 'Password must be at least 6 characters long.',
    });
    expect(validateSignUp('abcdef', 'abcdef')).toBeNull();
  });

  it('blocks the form with a toast and never calls sign-up', async () => {
    const signUp = vi.fn();
    renderApp(<AuthPage />, { auth: fakeAuth({ signUp }) });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'bob' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bob@example.com' } });
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("Passwords don't match", { selector: '[data-variant] *' })).toBeTruthy();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('asks for the emailed code after registration, then confirms and signs in', async () => {
    const signUp = vi.fn(async () => 'confirm-sign-up' as const);
    const confirmSignUp = vi.fn(async () => {});
    const signIn = vi.fn(async () => 'done' as const);
    renderApp(<AuthPage />, { auth: fakeAuth({ signUp, confirmSignUp, signIn }) });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'bob' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bob@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const code = await screen.findByLabelText('Verification code');
    expect(signUp).toHaveBeenCalledWith('bob', 'bob@example.com', 'secret1');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('bob', 'secret1'));
    expect(confirmSignUp).toHaveBeenCalledWith('bob', '123456');
  });

  it('the verify screen names the e-mail address the code went to', async () => {
    const signUp = vi.fn(async () => 'confirm-sign-up' as const);
    renderApp(<AuthPage />, { auth: fakeAuth({ signUp }) });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'bob' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' bob@example.com ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByTestId('code-sent-to')).textContent).toMatch(
      /^We emailed a verification code to bob@example\.com\./,
    );
  });

  it('hides the Google button unless the deployment enables it', () => {
    renderApp(<AuthPage />, { auth: fakeAuth() });
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    cleanup();
    renderApp(<AuthPage />, {
      auth: fakeAuth({
        config: {
          apiBase: '',
          region: 'x',
          userPoolId: 'p',
          userPoolClientId: 'c',
          authFlowType: 'USER_SRP_AUTH',
          googleEnabled: true,
          contactEmail: 'a@b.c',
        },
      }),
    });
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });
});

describe('post-login redirect on the auth page', () => {
  it('a new user from the analyze flow with no credits goes to /pricing and the origin keys are consumed', async () => {
    sessionStorage.setItem('cameFromAnalyze', 'true');
    renderApp(<AuthPage />, {
      auth: fakeAuth({
        status: 'signed-in',
        isNewUser: true,
        user: { userId: 'u', username: 'bob', email: null, name: null },
        profile: {
          id: 'u',
          username: 'bob',
          email: 'b@x',
          firstName: null,
          lastName: null,
          bio: null,
          profileImageUrl: null,
          stripeCustomerId: null,
          credits: 0,
          createdAt: '',
          updatedAt: '',
        },
      }),
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pricing'));
    expect(sessionStorage.getItem('cameFromAnalyze')).toBeNull();
  });
});

describe('first Google sign-in defaults', () => {
  it('username from the display name, else the email, else User; names split at the first space', () => {
    expect(googleProfileDefaults('Ada Lovelace King', 'ada@x.com')).toEqual({
      username: 'Ada Lovelace King',
      firstName: 'Ada',
      lastName: 'Lovelace King',
    });
    expect(googleProfileDefaults(null, 'grace.hopper@x.com')).toEqual({
      username: 'grace.hopper',
      firstName: null,
      lastName: null,
    });
    expect(googleProfileDefaults('', null)).toEqual({ username: 'User', firstName: null, lastName: null });
    expect(googleProfileDefaults('Cher', null)).toEqual({ username: 'Cher', firstName: 'Cher', lastName: null });
  });

  it('recognises federated usernames', () => {
    expect(isFederatedUsername('google_1234')).toBe(true);
    expect(isFederatedUsername('alice')).toBe(false);
  });
});

describe('mayHaveSession', () => {
  it('is false for a first-time visitor, true with stored Cognito tokens', async () => {
    const { mayHaveSession } = await import('#web/features/auth/AuthProvider.tsx');
    localStorage.clear();
    expect(mayHaveSession()).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'bob');
    expect(mayHaveSession()).toBe(true);
    localStorage.clear();
  });
});

describe('auth messages name the cause', () => {
  const named = (name: string, message = 'provider words') => Object.assign(new Error(message), { name });

  it('a mistyped or expired code is not "Registration failed"', () => {
    expect(authErrorText('Verification failed', named('CodeMismatchException')).title).toBe('Wrong code');
    expect(authErrorText('Verification failed', named('ExpiredCodeException')).title).toBe('Code expired');
  });

  it('a taken username, an unknown account, a wrong password, too many tries', () => {
    expect(authErrorText('Registration failed', named('UsernameExistsException')).title).toBe('Username taken');
    expect(authErrorText('Login failed', named('UserNotFoundException')).title).toBe('No account found');
    expect(authErrorText('Login failed', named('NotAuthorizedException')).title).toBe('Wrong username or password');
    // cognito-local's answer to a wrong password at sign-in; elsewhere it names a password rule
    expect(authErrorText('Login failed', named('InvalidPasswordException')).title).toBe('Wrong username or password');
    expect(authErrorText('Registration failed', named('InvalidPasswordException')).title).toBe('Password not accepted');
    expect(authErrorText('Login failed', named('LimitExceededException')).title).toBe('Too many attempts');
  });

  it("a password the pool refuses keeps the provider's rule; an unknown cause keeps the spec's title", () => {
    expect(
      authErrorText('Registration failed', named('InvalidPasswordException', 'Password must have numbers')),
    ).toEqual({
      title: 'Password not accepted',
      description: 'Password must have numbers',
    });
    expect(authErrorText('Login failed', named('NetworkError', 'offline'))).toEqual({
      title: 'Login failed',
      description: 'offline',
    });
  });
});
