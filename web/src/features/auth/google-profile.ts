import type { ProfilePatch } from '#shared/schemas.ts';

const USERNAME_MAX = 40;

/** The profile API accepts letters, digits, spaces and _ . - in usernames. */
function cleanUsername(raw: string): string {
  return raw
    .replace(/[^\p{L}\p{N}_.\- ]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, USERNAME_MAX)
    .trim();
}

/**
 * First Google sign-in: username = display name, else the part of the email before '@', else 'User';
 * first and last name split at the first space of the display name.
 */
export function googleProfileDefaults(displayName: string | null, email: string | null): ProfilePatch {
  const name = displayName?.trim() ?? '';
  const emailLocal = email?.split('@')[0] ?? '';
  const username = cleanUsername(name) || cleanUsername(emailLocal) || 'User';
  const space = name.indexOf(' ');
  const firstName = name ? (space === -1 ? name : name.slice(0, space)) : null;
  const lastName = name && space !== -1 ? name.slice(space + 1).trim() || null : null;
  return { username, firstName, lastName };
}

/** Cognito names federated users '<provider>_<id>'. */
export function isFederatedUsername(username: string): boolean {
  return /^google_/i.test(username);
}
