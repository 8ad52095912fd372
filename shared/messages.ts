import { UPLOAD_MESSAGES } from './upload-messages.ts';

export { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from './upload-messages.ts';

/** User-facing texts of the spec's error catalogue that both the server and the web app show. */
export const MESSAGES = {
  ...UPLOAD_MESSAGES,
  mustBeLoggedInToPurchase: 'You must be logged in to make a purchase',
  noSessionId: 'No session ID found',
  noUserIdInMetadata: 'No user ID in session metadata',
  sessionUserMismatch: 'Session user does not match logged-in user',
  paymentNotCompleted: (status: string) => `Payment was not completed. Status: ${status}`,
  couldNotDetermineCredits: 'Could not determine credits...',
  failedToCreateCheckout: 'Failed to create checkout session',
  unauthorized: 'Unauthorized',
  notFound: 'Not found',
  analysisModelsMissing:
    'Photo analysis is unavailable: its model files are missing on this server. Run `npm run models` and try again. No credit was taken.',
} as const;

export const UPLOAD_TTL_SECONDS = 60 * 60;
export const PASSWORD_MIN_LENGTH = 6;

/** Photos above this many pixels are refused from the header, before any pixel is decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS_MESSAGE = `This image is too large to process. Please upload a photo under ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`;
