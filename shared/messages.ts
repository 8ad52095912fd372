/** User-facing texts of the spec's error catalogue that both the server and the web app show. */
export const MESSAGES = {
  notEnoughCredits: 'Not enough credits. Please purchase credits to continue.',
  mustBeLoggedInToAnalyze: 'You must be logged in to analyze a hairline',
  mustBeLoggedInToPurchase: 'You must be logged in to make a purchase',
  invalidFileTypeTitle: 'Invalid file type',
  invalidFileType: 'Please upload an image file (JPEG, PNG, etc.)',
  fileTooLargeTitle: 'File too large',
  fileTooLarge: 'Please upload an image smaller than 5MB',
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

/** Uploads: 5 MB everywhere (client, API, panel text). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_TTL_SECONDS = 60 * 60;
export const PASSWORD_MIN_LENGTH = 6;

/** Photos above this many pixels are refused from the header, before any pixel is decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS_MESSAGE = `This image is too large to process. Please upload a photo under ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`;
