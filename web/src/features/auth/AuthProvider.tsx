import { ROUTE } from '#shared/routes.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { UserProfile } from '#shared/schemas.ts';
import { setTokenProvider } from '#web/lib/api.ts';
import { call, callIfSignedIn } from '#web/lib/call.ts';
import type { SignedInUser } from '#web/lib/amplify.ts';
import { LOCAL_KEYS, removeItem, SESSION_KEYS } from '#web/lib/storage-keys.ts';
import { loadRuntimeConfig } from '#web/lib/runtime-config.ts';
import { useRuntimeConfig } from '#web/lib/use-runtime-config.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { authErrorText } from './auth-errors.ts';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context.ts';
import { isFederatedUsername } from './federated-username.ts';

type AmplifyModule = typeof import('#web/lib/amplify.ts');

export const PROFILE_PATH = ROUTE.getMe.path;
const FRESH_PROFILE_MS = 2 * 60 * 1000;

/** Amplify keeps Cognito tokens in localStorage under this prefix; an OAuth redirect back carries code and state. */
export function mayHaveSession(): boolean {
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      if (window.localStorage.key(i)?.startsWith('CognitoIdentityServiceProvider.')) return true;
    }
  } catch {
    /* storage unavailable: fall through */
  }
  const params = new URLSearchParams(window.location.search);
  return params.has('state') && (params.has('code') || params.has('error'));
}

export function profileQueryKey(userId: string | undefined) {
  return [PROFILE_PATH, userId] as const;
}

/** Shows the cause (or the provider's message under the spec's title) in a destructive toast, then rethrows. */
async function withAuthToast<T>(title: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    toast({ ...authErrorText(title, error), variant: 'destructive' });
    throw error;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: config, error: configError } = useRuntimeConfig();
  const [amplify, setAmplify] = useState<AmplifyModule | null>(null);
  const [user, setUser] = useState<SignedInUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [newUserFlag, setNewUserFlag] = useState(false);
  const googleDefaultsApplied = useRef(false);
  const amplifyLoad = useRef<Promise<AmplifyModule> | undefined>(undefined);

  useEffect(() => {
    if (configError) {
      console.error('runtime config unavailable; sign-in disabled', configError);
      setStatus('signed-out');
    }
  }, [configError]);

  const loadAmplify = useCallback(async (): Promise<AmplifyModule> => {
    amplifyLoad.current ??= (async () => {
      const [mod, cfg] = await Promise.all([import('#web/lib/amplify.ts'), loadRuntimeConfig()]);
      mod.configureAmplify(cfg);
      setTokenProvider(mod.idToken);
      setAmplify(mod);
      return mod;
    })();
    amplifyLoad.current.catch(() => {
      amplifyLoad.current = undefined;
    });
    return amplifyLoad.current;
  }, []);

  useEffect(() => {
    if (!config) return;
    // A first-time visitor has no Cognito tokens stored: skip loading Amplify (the biggest chunk) until they
    // open the sign-in page or act. Returning users and Google redirects load it at once.
    if (!mayHaveSession()) {
      setStatus((s) => (s === 'loading' ? 'signed-out' : s));
      return;
    }
    let cancelled = false;
    void loadAmplify().then(async (mod) => {
      const current = await mod.currentUser();
      if (cancelled) return;
      setUser(current);
      setStatus(current ? 'signed-in' : 'signed-out');
    });
    return () => {
      cancelled = true;
    };
  }, [config, loadAmplify]);

  const refreshUser = useCallback(async (mod: AmplifyModule) => {
    const current = await mod.currentUser();
    setUser(current);
    setStatus(current ? 'signed-in' : 'signed-out');
    return current;
  }, []);

  useEffect(() => {
    if (!amplify) return;
    return amplify.onAuthEvent((event, message) => {
      if (event === 'signedIn') void refreshUser(amplify);
      if (event === 'signedOut' || event === 'tokenRefreshFailed') {
        setUser(null);
        setStatus('signed-out');
      }
      if (event === 'redirectFailed') {
        toast({
          title: 'Google sign-in failed',
          description: message ?? 'Sign-in was cancelled.',
          variant: 'destructive',
        });
      }
    });
  }, [amplify, refreshUser]);

  const profileQuery = useQuery<UserProfile | null>({
    queryKey: profileQueryKey(user?.userId),
    queryFn: () => callIfSignedIn(ROUTE.getMe, {}),
    enabled: !!user,
  });
  const profile = user ? (profileQuery.data ?? null) : null;

  useEffect(() => {
    if (profileQuery.error) console.error('profile load failed', profileQuery.error);
  }, [profileQuery.error]);

  const refreshProfile = useCallback(async () => {
    if (!user) return null;
    const key = profileQueryKey(user.userId);
    await queryClient.invalidateQueries({ queryKey: key });
    return queryClient.getQueryData<UserProfile | null>(key) ?? null;
  }, [user, queryClient]);

  // The spec reloads the profile when the tab becomes visible again and when the window regains focus
  // (credits may have changed in another tab or through the payment webhook).
  useEffect(() => {
    if (!user) return;
    const reload = () => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: profileQueryKey(user.userId) });
    };
    document.addEventListener('visibilitychange', reload);
    window.addEventListener('focus', reload);
    return () => {
      document.removeEventListener('visibilitychange', reload);
      window.removeEventListener('focus', reload);
    };
  }, [user, queryClient]);

  // "fresh" is judged against the time this provider mounted: a render must not read the clock
  const [mountedAt] = useState(Date.now);
  const freshFederatedProfile =
    !!user &&
    isFederatedUsername(user.username) &&
    !!profile &&
    mountedAt - Date.parse(profile.createdAt) < FRESH_PROFILE_MS;

  useEffect(() => {
    if (!freshFederatedProfile || !user || !profile || googleDefaultsApplied.current) return;
    if (profile.firstName !== null || !isFederatedUsername(profile.username)) return;
    googleDefaultsApplied.current = true;
    void import('./google-profile.ts')
      .then(({ googleProfileDefaults }) =>
        call(ROUTE.patchMe, { body: googleProfileDefaults(user.name, user.email ?? profile.email) }),
      )
      .then((updated) => queryClient.setQueryData(profileQueryKey(user.userId), updated))
      .catch((error: unknown) => console.error('could not set Google profile defaults', error));
  }, [freshFederatedProfile, user, profile, queryClient]);

  const requireAmplify = useCallback(async (): Promise<AmplifyModule> => {
    if (amplify) return amplify;
    try {
      return await loadAmplify();
    } catch (error) {
      console.error('sign-in unavailable', error);
      throw new Error('Sign-in is unavailable right now. Please try again later.');
    }
  }, [amplify, loadAmplify]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      profile,
      profileLoading: !!user && profileQuery.isPending,
      isNewUser: newUserFlag || freshFederatedProfile,
      config,
      refreshProfile,
      signIn: (username, password) =>
        withAuthToast('Login failed', async () => {
          const mod = await requireAmplify();
          const result = await mod.signInWithPassword(username.trim(), password);
          if (result === 'done') await refreshUser(mod);
          return result;
        }),
      signUp: (username, email, password) =>
        withAuthToast('Registration failed', async () => {
          const mod = await requireAmplify();
          const result = await mod.registerWithEmail(username.trim(), email.trim(), password);
          setNewUserFlag(true);
          return result;
        }),
      confirmSignUp: (username, code) =>
        withAuthToast('Verification failed', async () => {
          const mod = await requireAmplify();
          await mod.confirmRegistration(username.trim(), code.trim());
          setNewUserFlag(true);
        }),
      resendSignUpCode: (username) =>
        withAuthToast('Could not send a new code', async () =>
          (await requireAmplify()).resendRegistrationCode(username.trim()),
        ),
      resetPassword: (username) =>
        withAuthToast('Password reset failed', async () => {
          await (await requireAmplify()).sendPasswordReset(username.trim());
          toast({
            title: 'Password reset email sent',
            description: 'Please check your email for password reset instructions.',
            variant: 'success',
          });
        }),
      confirmResetPassword: (username, code, newPassword) =>
        withAuthToast('Password reset failed', async () =>
          (await requireAmplify()).confirmPasswordReset(username.trim(), code.trim(), newPassword),
        ),
      signInWithGoogle: () =>
        withAuthToast('Google sign-in failed', async () => (await requireAmplify()).startGoogleSignIn()),
      signOut: () =>
        withAuthToast('Logout failed', async () => {
          const mod = await requireAmplify();
          await mod.signOutEverywhere();
          setUser(null);
          setStatus('signed-out');
          setNewUserFlag(false);
          queryClient.removeQueries({ queryKey: [PROFILE_PATH] });
          queryClient.removeQueries({ queryKey: [ROUTE.listRatings.path] });
          // a shared computer must not show the previous user's photo and result
          removeItem('local', LOCAL_KEYS.lastAnalysisResult, LOCAL_KEYS.lastRatingId);
          removeItem('session', ...Object.values(SESSION_KEYS));
        }),
    }),
    [
      status,
      user,
      profile,
      profileQuery.isPending,
      newUserFlag,
      freshFederatedProfile,
      config,
      refreshProfile,
      requireAmplify,
      refreshUser,
      queryClient,
    ],
  );

  // Consumers see a change at transition priority: a prerendered page that has not hydrated yet is then hydrated in
  // small slices when the config or sign-in state arrives, instead of in one long blocking task.
  const published = useDeferredValue(value);
  return <AuthContext.Provider value={published}>{children}</AuthContext.Provider>;
}
