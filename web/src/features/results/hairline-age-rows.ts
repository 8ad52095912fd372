import {
  peerSentence,
  REFERENCE_POPULATION_NOTE,
  typicalAgeSentence,
  typicalAgeText,
  YEARS_UNTIL_BALD_MEANING,
} from '#shared/hairline-age.ts';
import type { AnalysisResult } from '#shared/schemas.ts';
import type { Explanation } from './measurements.ts';

type Input = Pick<AnalysisResult, 'ageComparison' | 'hairlineAge' | 'yearsUntilBald'>;

const HOW =
  'the age at which half of men have more hair loss than this, from published figures on how common each Norwood ' +
  'stage is at each age, averaged over the stages near your estimate (no estimate is exact). It is read from the ' +
  'hairline only, never from your face.';

/**
 * The hairline age in years and, with a birth year on the profile, the standing among men of the same age; then what
 * "Years until bald" means. Ratings stored before the age table have only the two words: only the meaning is shown.
 */
export function explainHairlineAge({ ageComparison: a, hairlineAge, yearsUntilBald }: Input): Explanation[] {
  const rows: Explanation[] = [];
  if (a) {
    rows.push({
      label: 'Hairline age',
      value: typicalAgeText(a.typicalAge),
      text: `${typicalAgeSentence(a.typicalAge)} ("${hairlineAge}"): ${HOW} ${REFERENCE_POPULATION_NOTE}`,
    });
    if (typeof a.ownAge === 'number' && typeof a.moreHairThanPercent === 'number') {
      rows.push({
        label: 'Among men your age',
        value: `${a.moreHairThanPercent} %`,
        text: `${peerSentence(a.moreHairThanPercent, a.ownAge)}, from the birth year in your profile.`,
      });
    }
  }
  // a rating stored when "Never" was still said (40 years or more) keeps its word without a number beside it
  const years = a && yearsUntilBald !== 'Never' ? ` ${yearsFromHere(a.yearsToAdvanced)}` : '';
  rows.push({ label: 'Years until bald', value: yearsUntilBald, text: `${YEARS_UNTIL_BALD_MEANING}${years}` });
  return rows;
}

/** "about 20 years"; a hairline already at Norwood VI or beyond is said to be there, not "about 0 years" away */
function yearsFromHere(years: number): string {
  const rounded = Math.round(years);
  if (rounded <= 0) return 'This hairline is already there.';
  return `From this hairline that is about ${rounded} ${rounded === 1 ? 'year' : 'years'}.`;
}
