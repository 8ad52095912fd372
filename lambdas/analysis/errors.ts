/** Photos the engine refuses, each with the sentence the user sees. */
export type RejectionCode = 'undecodable' | 'too_small' | 'no_hair' | 'multiple_faces' | 'minor';

const MESSAGES: Record<RejectionCode, string> = {
  undecodable: 'We could not read this image. Please upload a JPEG, PNG or WebP photo.',
  too_small: 'This photo is too small to analyse. Please upload a larger, sharper photo of your hairline.',
  no_hair: 'We could not find a head or hair in this photo. Please upload a clear photo of your hairline.',
  multiple_faces: 'This photo shows more than one person. Please upload a photo of just your own hairline.',
  minor: 'This photo appears to show someone under 18. Only adults may be analysed.',
};

export class AnalysisRejectedError extends Error {
  readonly code: RejectionCode;

  constructor(code: RejectionCode, message: string = MESSAGES[code]) {
    super(message);
    this.name = 'AnalysisRejectedError';
    this.code = code;
  }
}
