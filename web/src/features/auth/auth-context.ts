import { createContext, useContext } from 'react';
import type { UserProfile } from '#shared/schemas.ts';
import type { SignedInUser, SignInResult, SignUpResult } from '#web/lib/amplify.ts';
import type { RuntimeConfig } from '#web/lib/runtime-config.ts';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthContextValue {
  status: AuthStatus;
  user: SignedInUser | null;
  profile: UserProfile | null;
  profileLoading: boolean;
  isNewUser: boolean;
  config: RuntimeConfig | undefined;
  refreshProfile(): Promise<UserProfile | null>;
  signIn(username: string, password: string): Promise<SignInResult>;
  signUp(username: string, email: string, password: string): Promise<SignUpResult>;
  confirmSignUp(username: string, code: string): Promise<void>;
  resendSignUpCode(username: string): Promise<void>;
  resetPassword(username: string): Promise<void>;
  confirmResetPassword(username: string, code: string, newPassword: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** "Logged in as …": the profile's username, else the email. */
export function displayName(ctx: Pick<AuthContextValue, 'profile' | 'user'>): string {
  return ctx.profile?.username || ctx.profile?.email || ctx.user?.email || ctx.user?.username || '';
}
