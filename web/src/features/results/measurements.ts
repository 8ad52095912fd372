import type { Measurements, PhotoSubject } from '#shared/schemas.ts';
import { VIEW_KIND_LABELS, viewKindOf } from '#shared/view-kinds.ts';

export const NORWOOD_DESCRIPTIONS: Record<number, string> = {
  1: 'No noticeable recession: the hairline sits low and straight.',
  2: 'Slight recession at the temples, the usual adult ("mature") hairline.',
  3: 'Clear recession at the temples: the first stage usually counted as balding.',
  4: 'Deeper temple recession, often with thinning on the crown.',
  5: 'Front and crown thinning are larger; only a thin band of hair separates them.',
  6: 'The band between the front and the crown is gone; the thin areas have joined.',
  7: 'Hair remains mainly in a band around the sides and the back of the head.',
};

import { FOREHEAD_REFERENCE, TEMPLE_BANDS, hairLengthOf, norwoodStageOf, topIsBare } from '#shared/hairline.ts';

export { FOREHEAD_REFERENCE, TEMPLE_BANDS };

/**
 * A photo read from above shows no forehead or temples (its key measurements say so): the metrics about them are read
 * from its Norwood estimate, and said to be beside them.
 */
export const METRICS_FROM_ABOVE =
  'Seen from above, the forehead and temples are out of view: Recession and Forehead are read from the Norwood estimate, not measured on the photo.';

/**
 * Beside a crown photo that raised the stage, the stage's description (temples, front) is not what the face photo
 * shows: said so, with the hairline's own stage.
 */
export function raisedByCrownText(norwoodStage: number, faceStageEstimate: number | undefined): string | null {
  if (faceStageEstimate === undefined) return null;
  const own = norwoodStageOf(faceStageEstimate);
  return own < norwoodStage
    ? `Here the crown photo raises the stage: the hairline alone reads as Norwood stage ${own}.`
    : null;
}

export const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
/** a length in middle facial thirds: "0.85×" */
export const faceUnits = (ratio: number) => `${Math.abs(ratio).toFixed(2)}×`;

/** Stored ratings can lack a field or hold null: only finite numbers are shown. */
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export interface Explanation {
  label: string;
  value: string;
  text: string;
}

/**
 * The engine's measurements, said in plain words; only those that apply to the photo's view. `photoOf`: what the user
 * said the photo is of: a hairline photo measured from above (a bowed head whose face was not found) is named so.
 */
export function explainMeasurements(m: Measurements, photoOf?: PhotoSubject): Explanation[] {
  const rows =
    m.view === 'front'
      ? frontView(m)
      : m.view === 'bowed'
        ? bowedView(m)
        : m.view === 'top'
          ? topView(m, viewKindOf({ measurements: m, ...(photoOf ? { photoOf } : {}) }) === 'above')
          : storedBeforeViews(m);
  return [...rows, ...confidence(m)].filter((row): row is Explanation => row !== null);
}

function frontView(m: Measurements): (Explanation | null)[] {
  return [forehead(m), templeCorners(m), behindHairline(m.frontalCoverage), topOfHead(m), hairBesideFace(m)];
}

/** how far the hair falls beside the face (a face from the front only): the suggestions keep to it */
function hairBesideFace(m: Measurements): Explanation | null {
  if (m.view !== 'front' || !isNumber(m.hairLength)) return null;
  const long = hairLengthOf(m) === 'long';
  const fall =
    m.hairLength < 0.05
      ? 'No hair falls beside your face below the brow line'
      : `Your hair falls about ${faceUnits(m.hairLength)} your mid-face below the brow line beside your face (the chin is about 2.2×)`;
  return {
    label: 'Hair beside the face',
    value: long ? 'To the jaw or longer' : 'Above the jaw',
    text: `${fall}: the hairstyle suggestions keep to ${long ? 'that length' : 'short styles'}.`,
  };
}

/** The head tipped down: the same hairline measurements as from the front, taken from above and corrected for the tilt. */
function bowedView(m: Measurements): (Explanation | null)[] {
  return [
    {
      label: 'Photo',
      value: VIEW_KIND_LABELS.above,
      text: 'Your head is tipped down towards the camera, so the hairline is seen from above. The lengths below are corrected for the tilt, so they read as if taken from the front.',
    },
    ...frontView(m),
  ];
}

function forehead(m: Measurements): Explanation | null {
  const ratio = m.hairlineHeightRatio;
  if (!isNumber(ratio)) return null;
  const reference = `A full hairline is about ${faceUnits(FOREHEAD_REFERENCE.full)}; ${faceUnits(FOREHEAD_REFERENCE.advancedLoss)} or more means the hairline has moved well back.`;
  if (topIsBare(m))
    return {
      label: 'Forehead height',
      value: `${faceUnits(ratio)} or more`,
      text: `Your forehead runs up to the top of your head in the photo, so there is no hairline left to measure to: ${faceUnits(ratio)} your mid-face is where your head ends. ${reference}`,
    };
  return {
    label: 'Forehead height',
    value: `${faceUnits(ratio)} your mid-face`,
    text:
      `Measured at the middle, from your brow line up to your hairline, in units of the middle third of your face (brow line to the base of the nose). ` +
      reference,
  };
}

type TempleShape = 'lower' | 'level' | 'slight' | 'clear';
const TEMPLE_SHAPE_WORDS: Record<TempleShape, string> = {
  lower: 'Lower than the middle',
  level: 'Level with the middle',
  slight: 'Slightly higher',
  clear: 'Clearly higher (M shape)',
};

function templeShape(height: number): TempleShape {
  if (height > TEMPLE_BANDS.clear) return 'clear';
  if (height > TEMPLE_BANDS.slight) return 'slight';
  if (height < -TEMPLE_BANDS.slight) return 'lower';
  return 'level';
}

/** "0.15× higher", "0.03× lower", "level" */
function sideHeight(height: number): string {
  if (Math.abs(height) < 0.005) return 'level with it';
  return `${faceUnits(height)} ${height > 0 ? 'higher' : 'lower'}`;
}

function templeCorners(m: Measurements): Explanation | null {
  const sides = [
    ['left', m.templeLeft],
    ['right', m.templeRight],
  ].filter((s): s is [string, number] => isNumber(s[1]));
  const mean = isNumber(m.templeRecession)
    ? m.templeRecession
    : sides.length
      ? sides.reduce((sum, [, h]) => sum + h, 0) / sides.length
      : null;
  if (mean === null) return null;
  const detail = sides.length
    ? `${sides.map(([side, h]) => `${side} ${sideHeight(h)}`).join(', ')} (left and right as seen in the photo)`
    : `on average ${sideHeight(mean)}`;
  const bare = isNumber(m.templeBareShare)
    ? ` Beside your forehead, where a full hairline comes down at the temples, ${percent(m.templeBareShare)} is bare skin.`
    : '';
  // skin up to the top of the head: the "corners" would be read on the head's outline, not on a hairline
  if (topIsBare(m))
    return {
      label: 'Temple corners',
      value: 'No hairline left',
      text: `With no frontal hairline left, there are no temple corners to set against its middle.${bare}`,
    };
  return {
    label: 'Temple corners',
    value: TEMPLE_SHAPE_WORDS[templeShape(mean)],
    text:
      `How much higher the corners at your temples sit than the middle of your hairline, in the same mid-face units: ${detail}. ` +
      `Up to ${faceUnits(TEMPLE_BANDS.slight)} reads as a straight hairline; ${faceUnits(TEMPLE_BANDS.clear)} or more is the M shape of receding temples.${bare}`,
  };
}

function behindHairline(coverage: number): Explanation | null {
  if (!isNumber(coverage)) return null;
  return {
    label: 'Hair behind the hairline',
    value: percent(coverage),
    text: `Hair covers ${percent(coverage)} of the band just behind your hairline; the rest is skin showing through.`,
  };
}

function bareSkin(m: Measurements): string {
  return isNumber(m.bareTopShare) ? `; ${percent(m.bareTopShare)} is bare skin` : '';
}

function topOfHead(m: Measurements): Explanation | null {
  if (!isNumber(m.topCoverage)) return null;
  return {
    label: 'Top of the head',
    value: percent(m.topCoverage),
    text: `Hair covers ${percent(m.topCoverage)} of the top of your head in the photo${bareSkin(m)}.`,
  };
}

/**
 * A crown or scalp photo, or a hairline photo with the head bowed so far that the face was not found: no brows, so no
 * forehead or temples; only the coverage of the two zones of the scalp.
 */
function topView(m: Measurements, hairlineFromAbove: boolean): (Explanation | null)[] {
  return [
    hairlineFromAbove
      ? {
          label: 'Photo',
          value: VIEW_KIND_LABELS.above,
          text: 'Your head is bowed so far that your face is out of view, so the photo is read from above: forehead height and temple corners cannot be measured and the rating rests on how much hair covers the scalp. Keep your eyes in the photo to have the hairline measured too.',
        }
      : {
          label: 'Photo',
          value: 'Top of the head',
          text: 'This is a photo of the top of the head, so forehead height and temple corners do not apply: the rating rests on how much hair covers the scalp.',
        },
    isNumber(m.frontalCoverage)
      ? hairlineFromAbove
        ? {
            label: 'Around the top',
            value: percent(m.frontalCoverage),
            text: `Hair covers ${percent(m.frontalCoverage)} of the ring around the top of your head (the outer ring on the photo). With the head bowed towards the camera the ring takes in the forehead, which counts as bare.`,
          }
        : {
            label: 'Around the crown',
            value: percent(m.frontalCoverage),
            text: `Hair covers ${percent(m.frontalCoverage)} of the ring around the crown (the outer ring on the photo).`,
          }
      : null,
    isNumber(m.topCoverage)
      ? hairlineFromAbove
        ? {
            label: 'Top zone',
            value: percent(m.topCoverage),
            text: `Hair covers ${percent(m.topCoverage)} of the top of your scalp (the inner circle on the photo)${bareSkin(m)}.`,
          }
        : {
            label: 'Top (crown) zone',
            value: percent(m.topCoverage),
            text: `Hair covers ${percent(m.topCoverage)} of the top of your scalp, the crown (the inner circle on the photo)${bareSkin(m)}.`,
          }
      : null,
  ];
}

/**
 * Ratings stored before the engine told the view: their numbers are shares of the face (or of the photo without a
 * face), read as they were then. Without a face the temple figure was measured against nothing, so it is left out.
 */
function storedBeforeViews(m: Measurements): (Explanation | null)[] {
  const height = m.hairlineHeightRatio;
  const temples = m.templeRecession;
  return [
    isNumber(height)
      ? m.faceFound
        ? {
            label: 'Forehead height',
            value: percent(height),
            text: `Your hairline sits ${percent(height)} of your face height above the brows. In a balanced face the forehead is about a third (33%); more means a higher hairline.`,
          }
        : {
            label: 'Hairline height',
            value: percent(height),
            text: `No face was visible, so the hairline height was measured against the photo: ${percent(height)} of its height.`,
          }
      : null,
    m.faceFound && isNumber(temples)
      ? {
          label: 'Temple recession',
          value: percent(temples),
          text: `The corners at your temples sit ${percent(temples)} of your face width higher than the middle of the hairline. 0% is a straight hairline; bigger numbers mean deeper corners.`,
        }
      : null,
    isNumber(m.frontalCoverage) && isNumber(m.topCoverage)
      ? {
          label: 'Hair coverage',
          value: `${percent(m.frontalCoverage)} front · ${percent(m.topCoverage)} top`,
          text: `Hair covers ${percent(m.frontalCoverage)} of the area just behind the hairline and ${percent(m.topCoverage)} of the top of the head in the photo.`,
        }
      : null,
  ];
}

function confidence(m: Measurements): (Explanation | null)[] {
  if (!isNumber(m.confidence)) return [];
  return [
    {
      label: 'Measurement confidence',
      value: percent(m.confidence),
      text: 'How sure the analysis is about these measurements. Lighting, head angle, hats and hair colour close to skin tone lower it.',
    },
  ];
}
