/**
 * What the upload panel needs of the spec's error catalogue and the upload rules: apart from shared/messages.ts (which
 * spreads these into MESSAGES) so the home page's first load carries these texts and not the checkout's or the API's.
 */
export const UPLOAD_MESSAGES = {
  notEnoughCredits: 'Not enough credits. Please purchase credits to continue.',
  mustBeLoggedInToAnalyze: 'You must be logged in to analyze a hairline',
  invalidFileTypeTitle: 'Invalid file type',
  invalidFileType: 'Please upload an image file (JPEG, PNG, etc.)',
  fileTooLargeTitle: 'File too large',
  fileTooLarge: 'Please upload an image smaller than 5MB',
  heicTitle: 'HEIC photos cannot be read here',
  heic: "Please send it as a JPEG. On an iPhone, pick it with 'Choose a photo' (the iPhone converts it) or set Settings > Camera > Formats to Most Compatible; on a Mac, open it in Preview and choose File > Export > JPEG.",
  /** the upload panel's line under the buttons: what is accepted */
  accepted: 'JPG, PNG or WebP · large phone photos are shrunk on your device to under 5MB',
} as const;

/** Uploads: 5 MB everywhere (client, API, panel text). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
