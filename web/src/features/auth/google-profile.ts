import { federatedProfileNames } from '#shared/names.ts';
import type { ProfilePatch } from '#shared/schemas.ts';

/**
 * First Google sign-in: the server's rule for federated profiles (shared/names.ts), from the display name and e-mail the
 * browser knows: username = display name, else the part of the email before '@', else 'User'; first and last name split
 * at the first space of the display name. Loaded only for a fresh Google profile: the name rules stay out of the
 * first page's JavaScript.
 */
export function googleProfileDefaults(displayName: string | null, email: string | null): ProfilePatch {
  return federatedProfileNames({ name: displayName, email });
}
