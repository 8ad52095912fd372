/** Photos the engine refuses, each with the sentence the user sees: what is wrong and what to change. Refusals cost nothing. */
export type RejectionCode =
  | 'undecodable'
  | 'too_small'
  | 'no_hair'
  | 'face_too_small'
  | 'face_cut_off'
  | 'forehead_covered'
  | 'head_turned'
  | 'too_dark'
  | 'overexposed'
  | 'no_colour'
  | 'blurred'
  | 'multiple_faces'
  | 'minor'
  | 'not_crown'
  | 'photos_swapped';

export const REJECTION_MESSAGES: Record<RejectionCode, string> = {
  undecodable: 'We could not read this image. Please upload a JPEG, PNG or WebP photo.',
  too_small: 'This photo is too small to analyse. Please upload a larger, sharper photo of your hairline.',
  no_hair:
    'We could not find a face or a scalp in this photo. Please take a front-facing photo of your face with your forehead visible, or a photo of the top of your head.',
  face_too_small:
    'Your face is too small in this photo. Move closer so your face fills most of the frame, with your whole head in view.',
  face_cut_off:
    'The top of your head is cut off. Please take the photo again with your whole head and forehead inside the frame.',
  forehead_covered:
    'Your forehead is covered (hair, a hat or a hand). Push your hair back off your forehead, take off any hat and try again.',
  head_turned: 'Your head is turned too far to the side. Please face the camera straight on.',
  too_dark: 'This photo is too dark to see your hairline. Please retake it in even, brighter light.',
  overexposed:
    'This photo is too bright (washed out). Please retake it in softer, even light, away from direct sun or flash.',
  no_colour:
    'This photo is in black and white. Hair and bare skin are told apart partly by their colour: please upload a colour photo.',
  blurred:
    'This photo is too blurry to measure your hairline. Hold the camera steady and make sure your face is in focus.',
  multiple_faces: 'This photo shows more than one person. Please upload a photo of just your own hairline.',
  minor: 'This photo appears to show someone under 18. Only adults may be analysed.',
  not_crown:
    'This photo shows a face, not the top of your head. Part your hair at the crown and photograph the top of your head from above, in good light.',
  photos_swapped:
    'This photo shows the top of your head, and the crown photo shows your face: the two photos are the wrong way round. Please swap them.',
};

/** The photos analyzeHairline takes: the face photo (front or bowed) and an optional crown photo (top view). */
export type PhotoRole = 'face' | 'crown';

export class AnalysisRejectedError extends Error {
  readonly code: RejectionCode;
  /** the photo refused: the measuring code does not know which it holds, so analyzeHairline names the crown */
  readonly photo: PhotoRole;

  constructor(code: RejectionCode, message: string = REJECTION_MESSAGES[code], photo: PhotoRole = 'face') {
    super(message);
    this.name = 'AnalysisRejectedError';
    this.code = code;
    this.photo = photo;
  }
}
