/**
 * The guided retake's address: the home page's upload panel opens the camera with the retake of that kind of photo on
 * (read by web/src/features/analyze/pending-upload.ts retakeAsked).
 */
export const retakeHref = (kind: 'face' | 'crown') => `/?retake=${kind}#analyze`;
