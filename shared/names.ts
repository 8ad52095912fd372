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
