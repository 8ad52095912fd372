/**
 * What sets the product apart, in short lines, on the landing page and under each pricing card's own features (the
 * seed's feature list stays as it is: shared/packages.ts).
 */
export const DISTINGUISHING_FEATURES = [
  'Norwood stage and hairline age',
  'Your photo with what was measured drawn on it',
  'Optional crown photo, same credit',
  'Progress over time: retake like last time',
  'Reminders to retake every 4 weeks',
  'Published accuracy on photos it never saw',
  'A refused photo costs nothing',
] as const;
