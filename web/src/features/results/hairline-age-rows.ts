import {
  peerSentence, typicalAgeSentence, YEARS_UNTIL_BALD_MEANING, AGE_RANGE,
} from '../../../../shared/hairline-age.ts';
import type { AnalysisResult } from '../../../../shared/schemas.ts';
import type { Explanation } from './measurements.ts';

type Input = Pick<AnalysisResult, 'ageComparison' | 'hairlineAge' | 'yearsUntilBald'>;

const ageValue = (age: number) =>
  age <= AGE_RANGE.min ? `${AGE_RANGE.min} or younger` : age >= AGE_RANGE.max ? `${AGE_RANGE.max} or older` : `about ${age}`;

/**
 * The hairline age in years and, with a birth year on the profile, the standing among men of the same age; then what
 * "Years until bald" means. Ratings stored before the table was used have only the two words: only the meaning is shown.
 */
export function explainHairlineAge({ ageComparison: a, hairlineAge, yearsUntilBald }: Input): Explanation[] {
  const rows: Explanation[] = [];
  if (a) {
    rows.push({
      label: 'Hairline age',
      value: ageValue(a.typicalAge),
      text:
        `${typicalAgeSentence(a.typicalAge)} ("${hairlineAge}"): the age at which half of men have more hair loss than this, ` +
        'from published figures on how common each Norwood stage is at each age. It is read from the hairline only, never from your face.',
    });
    if (typeof a.ownAge === 'number' && typeof a.moreHairThanPercent === 'number') {
      rows.push({
        label: 'Among men your age',
        value: `${a.moreHairThanPercent} %`,
        text: `${peerSentence(a.moreHairThanPercent, a.ownAge)}, from the birth year in your profile.`,
      });
    }
  }
  rows.push({
    label: 'Years until bald',
    value: yearsUntilBald,
    text: a
      ? `${YEARS_UNTIL_BALD_MEANING} From this hairline that is about ${Math.round(a.yearsToAdvanced)} years.`
      : YEARS_UNTIL_BALD_MEANING,
  });
  return rows;
}
