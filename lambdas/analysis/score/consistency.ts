/**
 * The consistency checker: reads a result as its page shows it (score, label, the six metrics, the verdict line, the
 * Norwood stage, hairline age and years until bald with their figures, the commentary sentence by sentence, the
 * hairstyle suggestions, the crown card and the kind of photo it names) and lists every pair of things it says that
 * contradict each other, by the table of shared/reading-words.ts. Run over every dev photo's result by a test, and over
 * the held-out photos by the eval. An empty list is the target.
 */
import { verdictOfResult, HAIRLINE_VERDICTS, type HairlineVerdict } from '#shared/hairline-words.ts';
import { hairlineAgeWordForAge, yearsUntilBaldWordForYears } from '#shared/hairline-age.ts';
import { estimateShown, hairLengthOf, norwoodStageOf, topIsBare } from '#shared/hairline.ts';
import {
  NORWOOD_POINTS,
  VERDICT_POINTS,
  WORD_TOLERANCE,
  claimOfMetric,
  heldToScore,
  type Claim,
} from '#shared/reading-words.ts';
import { METRIC_KEYS, metricPoints, ratingForScore, type MetricKey } from '#shared/scoring.ts';
import type { AnalysisResult } from '#shared/schemas.ts';
import { VIEW_KIND_LABELS, viewKindOf } from '#shared/view-kinds.ts';
import { ALL_SENTENCES, SCORE_SENTENCE, type Sentence } from './commentary.ts';
import {
  HAIRSTYLES,
  fitsLength,
  fitsVerdict,
  suggestionText,
  topHairOf,
  wearable,
  type VerdictIndex,
} from './hairstyles.ts';

/** the fields of a result the checker reads (an engine result or a stored rating alike) */
export type CheckedResult = Pick<
  AnalysisResult,
  'score' | 'rating' | MetricKey | 'commentary' | 'hairstyleSuggestions' | 'norwoodStage' | 'measurements' | 'photoOf'
> & {
  ageComparison?: { stageEstimate: number; typicalAge: number; yearsToAdvanced: number } | undefined;
  crown?: { norwoodStage: number; faceStageEstimate?: number | undefined } | undefined;
};

/** two things the result says that cannot both be true, in the words the user reads */
export interface Contradiction {
  a: string;
  b: string;
  why: string;
}

export function contradictions(r: CheckedResult): Contradiction[] {
  const found: Contradiction[] = [];
  const add = (a: string, b: string, why: string) => found.push({ a, b, why });
  const scoreText = `score ${r.score}`;

  if (r.rating !== ratingForScore(r.score)) add(scoreText, `label ${r.rating}`, 'the label is not the score band');

  // the verdict line as the page shows it: read once, for its claim and for the suggestions' reasons
  const verdict = verdictOfResult(r).verdict;
  const { claims, unread, kinds } = claimsOf(r, verdict);
  for (const text of unread) add('commentary', text, 'a sentence the words table does not know');
  const kind = viewKindOf(r);
  for (const k of kinds) {
    if (k.kind !== kind)
      add(
        k.what,
        `the photo: ${VIEW_KIND_LABELS[kind]}`,
        `the commentary speaks of a photo of another kind (${VIEW_KIND_LABELS[k.kind].toLowerCase()})`,
      );
  }
  for (const c of claims) {
    if (heldToScore(c.topic) && Math.abs(c.points - r.score) > WORD_TOLERANCE.withScore)
      add(scoreText, c.what, `more than ${WORD_TOLERANCE.withScore} points from the score on the chart's scale`);
  }
  for (let i = 0; i < claims.length; i++) {
    for (let j = i + 1; j < claims.length; j++) {
      const [a, b] = [claims[i]!, claims[j]!];
      if (a.topic === b.topic && a.topic !== 'overall' && Math.abs(a.points - b.points) > WORD_TOLERANCE.sameTopic)
        add(a.what, b.what, `both about ${a.topic}, ${Math.abs(a.points - b.points)} points apart`);
    }
  }

  const age = r.ageComparison;
  if (age) {
    if (r.hairlineAge !== hairlineAgeWordForAge(age.typicalAge))
      add(`hairlineAge: ${r.hairlineAge}`, `hairline age ${age.typicalAge}`, 'the word is not the age shown');
    if (r.yearsUntilBald !== yearsUntilBaldWordForYears(age.yearsToAdvanced))
      add(
        `yearsUntilBald: ${r.yearsUntilBald}`,
        `about ${Math.round(age.yearsToAdvanced)} years`,
        'the word is not the years shown',
      );
    if (r.norwoodStage !== norwoodStageOf(age.stageEstimate))
      add(
        `Norwood stage ${r.norwoodStage}`,
        `estimate ${estimateShown(age.stageEstimate).toFixed(1)}`,
        'the stage is not the estimate rounded',
      );
  }
  if (r.yearsUntilBald === 'Never' && age)
    add('yearsUntilBald: Never', `about ${Math.round(age.yearsToAdvanced)} years`, '"Never" beside a number of years');

  const score = SCORE_SENTENCE.exec(r.commentary);
  if (score && Number(score[1]) !== r.score) add(scoreText, score[0], 'the commentary gives another score');

  const top = topHairOf(topIsBare(r.measurements), metricPoints('density', r.density));
  const length = hairLengthOf(r.measurements);
  const seen = new Set<string>();
  for (const text of r.hairstyleSuggestions) {
    const style = HAIRSTYLES.find((h) => suggestionText(h) === text);
    if (!style) add('hairstyle suggestions', text, 'a suggestion without its reason, or unknown');
    else if (!wearable(style, top))
      add(`the hair on top reads ${top}`, text, `the style is for ${style.tops.join(' or ')} hair on top`);
    else if (!fitsVerdict(style, HAIRLINE_VERDICTS.indexOf(verdict) as VerdictIndex))
      add(`verdict: ${verdict}`, text, "the style's reason speaks of another hairline");
    else if (!fitsLength(style, length))
      add(`the hair reads ${length}`, text, `the style is for ${style.lengths.join(' or ')} hair`);
    if (seen.has(text)) add('hairstyle suggestions', text, 'suggested twice');
    seen.add(text);
  }
  return found;
}

/** a commentary sentence that can be said of one kind of photo only */
type KindClaim = { what: string; kind: NonNullable<Sentence['kind']> };

/**
 * Everything the result says on the chart's scale: the metrics, the verdict line, the Norwood stage, the crown card
 * and each commentary sentence's claims; the kind of photo a sentence speaks of; and the commentary's text no table
 * holds.
 */
function claimsOf(
  r: CheckedResult,
  verdict: HairlineVerdict,
): { claims: Claim[]; unread: string[]; kinds: KindClaim[] } {
  const claims: Claim[] = METRIC_KEYS.map((k) => claimOfMetric(k, r[k]));
  claims.push({
    what: `verdict: ${verdict}`,
    topic: 'recession',
    points: VERDICT_POINTS[HAIRLINE_VERDICTS.indexOf(verdict)]!,
  });
  claims.push({ what: `Norwood stage ${r.norwoodStage}`, topic: 'overall', points: NORWOOD_POINTS[r.norwoodStage]! });
  if (r.crown)
    claims.push({
      what: `crown card: Norwood stage ${r.crown.norwoodStage}`,
      topic: 'crown',
      points: NORWOOD_POINTS[r.crown.norwoodStage]!,
    });
  const kinds: KindClaim[] = [];
  let rest = r.commentary.replace(SCORE_SENTENCE, '');
  for (const sentence of ALL_SENTENCES) {
    if (!rest.includes(sentence.text)) continue;
    rest = rest.replace(sentence.text, '');
    if (sentence.kind) kinds.push({ what: `"${sentence.text}"`, kind: sentence.kind });
    for (const [topic, points] of Object.entries(sentence.claims))
      claims.push({ what: `"${sentence.text}"`, topic: topic as Claim['topic'], points: points });
  }
  const unread = rest.trim() ? [rest.trim()] : [];
  return { claims, unread, kinds };
}
