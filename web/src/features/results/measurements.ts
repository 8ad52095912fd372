import type { Measurements } from '../../../../shared/schemas.ts';

export const NORWOOD_DESCRIPTIONS: Record<number, string> = {
  1: 'No noticeable recession: the hairline sits low and straight.',
  2: 'Slight recession at the temples, the usual adult ("mature") hairline.',
  3: 'Clear recession at the temples: the first stage usually counted as balding.',
  4: 'Deeper temple recession, often with thinning on the crown.',
  5: 'Front and crown thinning are larger; only a thin band of hair separates them.',
  6: 'The band between the front and the crown is gone; the thin areas have joined.',
  7: 'Hair remains mainly in a band around the sides and the back of the head.',
};

export const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

export interface Explanation {
  label: string;
  value: string;
  text: string;
}

/** The engine's measurements, said in plain words. */
export function explainMeasurements(m: Measurements): Explanation[] {
  const height: Explanation = m.faceFound
    ? {
        label: 'Forehead height',
        value: percent(m.hairlineHeightRatio),
        text: `Your hairline sits ${percent(m.hairlineHeightRatio)} of your face height above the brows. In a balanced face the forehead is about a third (33%); more means a higher hairline.`,
      }
    : {
        label: 'Hairline height',
        value: percent(m.hairlineHeightRatio),
        text: `No face was visible, so the hairline height was measured against the photo: ${percent(m.hairlineHeightRatio)} of its height.`,
      };
  return [
    height,
    {
      label: 'Temple recession',
      value: percent(m.templeRecession),
      text: `The corners at your temples sit ${percent(m.templeRecession)} of your face width higher than the middle of the hairline. 0% is a straight hairline; bigger numbers mean deeper corners.`,
    },
    {
      label: 'Hair coverage',
      value: `${percent(m.frontalCoverage)} front · ${percent(m.topCoverage)} top`,
      text: `Hair covers ${percent(m.frontalCoverage)} of the area just behind the hairline and ${percent(m.topCoverage)} of the top of the head in the photo.`,
    },
    {
      label: 'Measurement confidence',
      value: percent(m.confidence),
      text: `How sure the analysis is about these measurements. Lighting, head angle, hats and hair colour close to skin tone lower it.`,
    },
  ];
}
