/**
 * One rule for the names a profile holds, wherever they come from: PATCH /api/me checks it (and refuses what breaks it);
 * names taken from sign-in data (Cognito username, preferred_username, a Google display name) are brought into it, since
 * nobody can fix those at the source. Shown on share pages and cards, so no markup, no control or direction characters.
 */
export const USERNAME_MAX = 40;
export const PERSON_NAME_MAX = 60;
/** letters, digits, spaces, _ . - */
export const USERNAME_PATTERN = /^[\p{L}\p{N}_.\- ]+$/u;
export const USERNAME_RULE = 'Username may hold letters, digits, spaces, _ . -';
/** anything but control and format characters (bidirectional overrides that spoof text) and markup brackets */
export const PERSON_NAME_PATTERN = /^[^\p{Cc}\p{Cf}<>]*$/u;
export const PERSON_NAME_RULE = 'Names may not hold < >, control or formatting characters';

const collapse = (s: string) => s.replace(/\s+/gu, ' ').trim();

/** A sign-in username brought into the rule: characters outside it dropped, spaces collapsed, at most USERNAME_MAX; undefined when nothing is left. */
export function usernameFromSignIn(raw: string | null | undefined): string | undefined {
  const clean = collapse([...(raw ?? '')].filter((c) => USERNAME_PATTERN.test(c)).join(''))
    .slice(0, USERNAME_MAX)
    .trim();
  return clean || undefined;
}

/** A sign-in first or last name brought into the rule; null when nothing is left. */
export function personNameFromSignIn(raw: string | null | undefined): string | null {
  const clean = collapse([...(raw ?? '')].filter((c) => PERSON_NAME_PATTERN.test(c)).join(''))
    .slice(0, PERSON_NAME_MAX)
    .trim();
  return clean || null;
}

/** Splits a display name at the first space: 'Ana Maria Lopez' → 'Ana' and 'Maria Lopez'. */
export function splitDisplayName(name: string | undefined): { firstName: string | null; lastName: string | null } {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return { firstName: null, lastName: null };
  const at = trimmed.indexOf(' ');
  if (at < 0) return { firstName: trimmed, lastName: null };
  const rest = trimmed.slice(at + 1).trim();
  return { firstName: trimmed.slice(0, at), lastName: rest === '' ? null : rest };
}

/** The part of an e-mail address before '@'; undefined when there is none. */
export function emailLocalPart(email: string | null | undefined): string | undefined {
  const local = (email ?? '').split('@')[0]?.trim();
  return local ? local : undefined;
}

/**
 * The one rule for a federated (Google) user's first names: username = the display name, else the e-mail's local part,
 * else 'User'; first and last name from the display name split at its first space, else the given and family names;
 * each brought into the rules above. The server applies it when it creates the profile from the token
 * (lambdas/domain/users.ts); the web app applies it to a fresh federated profile that still carries Cognito's
 * 'google_…' username (web/src/features/auth/google-profile.ts).
 */
export function federatedProfileNames(signIn: {
  name?: string | null;
  email?: string | null;
  givenName?: string | null;
  familyName?: string | null;
}): { username: string; firstName: string | null; lastName: string | null } {
  const split = splitDisplayName(personNameFromSignIn(signIn.name) ?? undefined);
  return {
    username: usernameFromSignIn(signIn.name) ?? usernameFromSignIn(emailLocalPart(signIn.email)) ?? 'User',
    firstName: split.firstName ?? personNameFromSignIn(signIn.givenName),
    lastName: split.firstName ? split.lastName : personNameFromSignIn(signIn.familyName),
  };
}
