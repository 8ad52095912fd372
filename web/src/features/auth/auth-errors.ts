/**
 * The toast for a failed sign-in, sign-up, verification or reset: the cause by name where Cognito names it (Amplify's
 * AuthError carries Cognito's exception name), else the spec's title with the provider's message.
 */
export interface AuthErrorText {
  title: string;
  description: string;
}

/** a cause with no description of its own keeps the provider's message (which says what the rule is) */
const BY_CAUSE: Record<string, { title: string; description?: string }> = {
  CodeMismatchException: {
    title: 'Wrong code',
    description: 'That code does not match the one we emailed. Check it and type it again, or send a new code.',
  },
  ExpiredCodeException: {
    title: 'Code expired',
    description: 'This code has expired. Press "Send a new code" and use the newest one.',
  },
  UsernameExistsException: {
    title: 'Username taken',
    description: 'That username is already taken. Choose another, or log in if the account is yours.',
  },
  UserNotFoundException: {
    title: 'No account found',
    description: 'There is no account with that username or email. Check the spelling, or sign up.',
  },
  NotAuthorizedException: {
    title: 'Wrong username or password',
    description: 'The username or email and the password do not match. Try again, or reset your password.',
  },
  InvalidPasswordException: { title: 'Password not accepted' },
  LimitExceededException: {
    title: 'Too many attempts',
    description: 'Please wait a few minutes, then try again.',
  },
  TooManyFailedAttemptsException: {
    title: 'Too many attempts',
    description: 'Please wait a few minutes, then try again.',
  },
  TooManyRequestsException: {
    title: 'Too many attempts',
    description: 'Please wait a few minutes, then try again.',
  },
};

/**
 * Signing in checks no password rule, so a password "not accepted" there is a wrong one: cognito-local (the local
 * stack's user pool) answers a wrong password with InvalidPasswordException where Cognito says NotAuthorizedException.
 */
const causeOf = (fallbackTitle: string, name: string) =>
  fallbackTitle === 'Login failed' && name === 'InvalidPasswordException' ? 'NotAuthorizedException' : name;

export function authErrorText(fallbackTitle: string, error: unknown): AuthErrorText {
  const name = (error as { name?: unknown } | null)?.name;
  const known = typeof name === 'string' ? BY_CAUSE[causeOf(fallbackTitle, name)] : undefined;
  const providerMessage = (error as Error)?.message || String(error);
  return { title: known?.title ?? fallbackTitle, description: known?.description ?? providerMessage };
}
