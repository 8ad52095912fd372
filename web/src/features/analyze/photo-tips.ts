/** How to take a photo the engine can measure; each tip heads off one of the API's refusals (422). */
export const PHOTO_TIPS = {
  heading: 'Tips for a good photo',
  tips: [
    'Face the camera straight on.',
    'Push your hair off your forehead; no hat or hand in the way.',
    'Even light: no harsh shadows, no flash, no bright window behind you.',
    'Let your face fill the oval, with your whole head in the frame.',
    'Only you in the photo.',
  ],
  crown: 'Checking your crown? Choose Crown (top of head) below: a photo of the top of your head alone works too.',
} as const;

export const CAMERA_GUIDE_HINT = 'Fit your face in the oval, hair off your forehead';
