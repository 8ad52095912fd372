/**
 * Amplify Auth, loaded after first paint (it is the largest dependency the landing page would otherwise carry).
 * Everything that touches aws-amplify goes through this module.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import 'aws-amplify/auth/enable-oauth-listener';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from './runtime-config.ts';

export interface SignedInUser {
  userId: string;
  username: string;
  email: string | null;
  /** display name from a federated (Google) sign-in, when the token carries one */
  name: string | null;
}

export type SignInResult = 'done' | 'confirm-sign-up';
export type SignUpResult = 'done' | 'confirm-sign-up';

let authFlowType: RuntimeConfig['authFlowType'] = 'USER_SRP_AUTH';

export function configureAmplify(config: RuntimeConfig): void {
  authFlowType = config.authFlowType;
  const oauth =
    config.googleEnabled && config.oauthDomain
      ? {
          domain: config.oauthDomain,
          scopes: ['openid', 'email', 'profile'],
          redirectSignIn: [`${window.location.origin}/auth`],
          redirectSignOut: [`${window.location.origin}/`],
          responseType: 'code' as const,
          providers: ['Google' as const],
        }
      : undefined;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { username: true, email: true, ...(oauth ? { oauth } : {}) },
      },
    },
  });
}

export async function currentUser(): Promise<SignedInUser | null> {
  try {
    const user = await getCurrentUser();
    const session = await fetchAuthSession();
    const claims = session.tokens?.idToken?.payload ?? {};
    return {
      userId: user.userId,
      username: user.username,
      email: typeof claims.email === 'string' ? claims.email : null,
      name: typeof claims.name === 'string' ? claims.name : null,
    };
  } catch {
    return null;
  }
}

/** The API's JWT authorizer expects the ID token (it carries email and username). */
export async function idToken(): Promise<string | null> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

export async function signInWithPassword(username: string, password: string): Promise<SignInResult> {
  const { isSignedIn, nextStep } = await signIn({ username, password, options: { authFlowType } });
  if (isSignedIn) return 'done';
  if (nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirm-sign-up';
  throw new Error(`Sign-in needs a step this app does not support (${nextStep.signInStep}).`);
}

export async function registerWithEmail(username: string, email: string, password: string): Promise<SignUpResult> {
  const { isSignUpComplete, nextStep } = await signUp({ username, password, options: { userAttributes: { email } } });
  return isSignUpComplete || nextStep.signUpStep === 'DONE' ? 'done' : 'confirm-sign-up';
}

export async function confirmRegistration(username: string, code: string): Promise<void> {
  await confirmSignUp({ username, confirmationCode: code });
}

export async function resendRegistrationCode(username: string): Promise<void> {
  await resendSignUpCode({ username });
}

export async function sendPasswordReset(username: string): Promise<void> {
  await resetPassword({ username });
}

export async function confirmPasswordReset(username: string, code: string, newPassword: string): Promise<void> {
  await confirmResetPassword({ username, confirmationCode: code, newPassword });
}

export async function startGoogleSignIn(): Promise<void> {
  await signInWithRedirect({ provider: 'Google' });
}

export async function signOutEverywhere(): Promise<void> {
  await signOut();
}

export type AuthEvent = 'signedIn' | 'signedOut' | 'redirectFailed' | 'tokenRefreshFailed' | 'other';

export function onAuthEvent(listener: (event: AuthEvent, message?: string) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    switch (payload.event) {
      case 'signedIn':
      case 'signInWithRedirect':
        return listener('signedIn');
      case 'signedOut':
        return listener('signedOut');
      case 'signInWithRedirect_failure':
        return listener('redirectFailed', (payload.data as { error?: Error } | undefined)?.error?.message);
      case 'tokenRefresh_failure':
        return listener('tokenRefreshFailed');
      default:
        return listener('other');
    }
  });
}
