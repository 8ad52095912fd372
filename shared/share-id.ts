/**
 * A share link's id, written by the server (`newShareId`) and read back from links by the web app: 16 random bytes
 * (128 bits, unguessable) in base64url without padding, so always 22 characters. Anything else is not a share id, and
 * neither side spends a request or a table read on it.
 */
export const SHARE_ID_BYTES = 16;
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const isShareId = (value: string | null | undefined): value is string =>
  typeof value === 'string' && SHARE_ID_PATTERN.test(value);
