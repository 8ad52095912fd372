/** Server-side texts: the spec's catalogue (shared/messages.ts) plus the API's own messages where the spec is silent. */
import { MESSAGES, TOO_MANY_PIXELS_MESSAGE } from '#shared/messages.ts';

export const API_MESSAGES = {
  ...MESSAGES,
  missingImage: 'Please choose a photo to upload (form field "image")',
  emptyImage: 'The uploaded file is empty. Please choose a photo.',
  samePhotoTwice:
    'The face photo and the crown photo are the same file. Please send a photo of your face and a photo of the top of your head.',
  crownBesideCrown:
    'photoOf is "crown" but a crown photo was sent beside it: the first photo of a two-photo analysis is the hairline. Send photoOf "hairline" or leave it out.',
  repeatedField: (name: string) => `Form field "${name}" was sent more than once: send one photo per field`,
  malformedMultipart: 'The upload could not be read (malformed multipart form data)',
  uploadNotFound: 'Upload not found or expired',
  tooManyUploads: 'Too many uploads. Please wait a minute and try again.',
  tooManyPixels: TOO_MANY_PIXELS_MESSAGE,
  badShape: 'This image is too narrow or too wide to be a photo of a hairline. Please upload a normal photo.',
  ratingNotFound: 'Rating not found',
  shareNotFound: 'Share not found',
  invalidCursor: 'Invalid cursor',
  unknownPackage: 'Unknown package',
  checkoutSessionNotFound: 'Checkout session not found',
  failedToVerifyPayment: 'Failed to verify payment',
  noCheckoutUrl: 'No checkout URL received',
  invalidSignature: 'Invalid signature',
  analysisInFlight: 'Your previous analysis is still running. Please wait a moment.',
  accountDeleted: 'This account has been deleted.',
  tooManyCalls: 'Too many requests this hour. Please try again later.',
  tooManyRefusals: (limit: number) =>
    `Too many photos could not be analysed this hour (${limit} at most). Please read the photo tips and try again next hour.`,
  reservationLost: 'Your analysis took too long and was cancelled. No credit was taken; please try again.',
  invalidClientRequestId: 'X-Client-Request-Id must be 8 to 64 letters, digits, _ or -',
} as const;
