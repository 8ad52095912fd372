/** The words of "Is this you?" (progress only between photos of one person: docs/api.md). */
export const IDENTITY_TEXTS = {
  question: 'Is this you?',
  why: 'Only your own photos are compared with your earlier ones, so a friend’s photo never becomes your progress.',
  yes: 'Yes, it’s me',
  no: 'No, someone else',
  someoneElse:
    'Someone else’s photo: it is not part of your progress. Share it or challenge with it to compare hairlines.',
  faceDiffers: 'This face does not match the one in your earlier photos, so it is kept out of your progress.',
  itIsMe: 'It’s me',
  firstOfYours: 'Added to your progress. Your next analysis will show the change since this one.',
  failed: 'Could not save your answer. Please try again.',
} as const;
