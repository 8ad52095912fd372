import type { PhotoView } from '#shared/schemas.ts';

import { OVERLAY_COLOURS } from '#shared/hairline.ts';

export { OVERLAY_COLOURS };

export type LegendMark = 'line' | 'circle' | 'ruler' | 'dashed-area' | 'dashed-ellipse' | 'mask-outline';

export interface LegendItem {
  mark: LegendMark;
  text: string;
}

const MASK_ITEM: LegendItem = { mark: 'mask-outline', text: 'Violet outline: where the hair model sees hair' };

/** What each drawing on the overlay means, per view. */
const FACE_LEGEND: readonly LegendItem[] = [
  MASK_ITEM,
  { mark: 'line', text: 'Red line: your hairline as traced' },
  { mark: 'circle', text: 'Yellow circles: your temple corners' },
  { mark: 'ruler', text: 'Yellow ruler: forehead height at the middle, brow line to hairline' },
  {
    mark: 'dashed-area',
    text: 'Teal dashed areas: the zones measured, the band behind the hairline and the top of the head (when in the photo)',
  },
];

export const OVERLAY_LEGEND: Record<PhotoView, readonly LegendItem[]> = {
  front: FACE_LEGEND,
  bowed: FACE_LEGEND,
  top: [
    MASK_ITEM,
    {
      mark: 'dashed-ellipse',
      text: 'Teal ellipses: the zones of the scalp measured, the top (inner) and the ring around it (outer)',
    },
  ],
};

export const RESULT_PHOTO_TEXTS = {
  legendLabel: 'What the overlay shows',
  /** ratings stored before the view existed: their overlay drew only the hairline */
  legacyCaption: 'The line shows where the analysis found your hairline.',
  originalCaption: 'The photo as analysed.',
  overlayAlt: 'Your photo with the detected hairline drawn on it',
  topOverlayAlt: 'Your photo with the measured zones of the scalp drawn on it',
  originalAlt: 'Your analysed photo',
  showOriginal: 'Show original',
  showOverlay: 'Show hairline overlay',
} as const;
