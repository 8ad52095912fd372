/**
 * Playful, non-medical commentary, said from the reading's own words (reading.ts): an opener for the score's band and
 * what the hairline shows (its verdict, or the view from above), a sentence on the density word, one on the hairline's
 * outline, one on the crown photo when there is one, the score, and a closer. Every sentence is in the tables below with
 * what it claims on the chart's scale (shared/reading-words.ts), so the consistency checker can read a commentary back.
 */
import type { PhotoView, ViewKind } from '#shared/schemas.ts';
import { metricPoints, type MetricWord, type ScoreTone } from '#shared/scoring.ts';
import { NORWOOD_POINTS, VERDICT_POINTS, type Topic } from '#shared/reading-words.ts';

/** a sentence and what it claims, topic by topic, on the chart's scale, and the kind of photo it speaks of, if one */
export interface Sentence {
  text: string;
  claims: Partial<Record<Topic, number>>;
  /** the one kind of photo (shared/view-kinds.ts) the sentence can be said of: the history names the rating so too */
  kind?: ViewKind;
}

/** the score's band, by its tone (shared/scoring.ts SCORE_BANDS) */
type Band = ScoreTone;
/**
 * what an opener speaks of: the verdict on a face photo (0 mature .. 3 advanced, 'bare' a bare top), the hairline seen
 * from above (a head bowed without its temples in sight, or so far that the face is missed and the head is measured
 * from above), or a crown photo: even, or its centre barer than the ring around it
 */
export type OpenerKey = 0 | 1 | 2 | 3 | 'bare' | 'bowed' | 'top' | 'crownFirst';

const s = (text: string, claims: Sentence['claims'] = {}): Sentence => ({ text, claims });
const R = (v: 0 | 1 | 2 | 3) => ({ recession: VERDICT_POINTS[v] });
/** a sentence only the hairline from above, or only a crown photo, can be said of */
const above = (text: string): Sentence => ({ text, claims: {}, kind: 'above' });
const crown = (text: string): Sentence => ({ text, claims: {}, kind: 'crown' });

/** The opener: the band and what the photo shows. A band never meets a verdict more than 40 points from its score. */
export const OPENERS: Record<Band, Partial<Record<OpenerKey, Sentence>>> = {
  top: {
    0: s('Your hairline is holding the line like it signed a lifetime contract.', R(0)),
    1: s('A full head of hair with temples that have only just started to hint at a plot twist.', R(1)),
    bowed: above('Seen from above, your hairline is the main character and it knows it.'),
    top: crown('From above, the scalp is hiding under a full canopy of hair.'),
    crownFirst: crown('From above, a full canopy, with the crown just a shade lighter than the hair around it.'),
  },
  good: {
    0: s('Solid hairline energy: straight across, with nothing giving ground.', R(0)),
    1: s('Plenty of hair where it counts, with the temples showing a little character.', R(1)),
    2: s('The hair is doing its job, but the middle of the hairline has started to drift back.', R(2)),
    bowed: above('Seen from above, your hairline is doing its job and mostly clocking in on time.'),
    top: crown('From above, the top of your head is still well covered.'),
    crownFirst: crown('From above, the crown is a little thinner than the hair around it, the rest well covered.'),
  },
  mid: {
    0: s('The hairline itself still runs straight, but the hair behind it is thinner than the line suggests.', R(0)),
    1: s('Your temples have started taking the scenic route backwards.', R(1)),
    2: s('The hairline is negotiating a retreat, but it has not surrendered.', R(2)),
    3: s('The front has given up a lot of ground, though the sides are holding on.', R(3)),
    bare: s('The top has thinned right out, though the sides are holding on.', R(3)),
    bowed: above('Seen from above, there is a visible strategy shift: some ground has been ceded.'),
    top: crown('From above, the scalp is starting to show through the top.'),
    crownFirst: crown('From above, the crown is where the thinning shows first.'),
  },
  low: {
    1: s('The temples are only part of the story: the rest of the head tells of a lot more loss.', R(1)),
    2: s('The hairline has moved a long way back, and owning it is a power move.', R(2)),
    3: s('The hairline has left the chat, but the confidence does not have to.', R(3)),
    bare: s('Maximum forehead real estate: this is the clean-dome chapter.', R(3)),
    bowed: above('Seen from above, your scalp is getting a lot of sunshine these days.'),
    top: crown('From above, most of the top is bare scalp, and owning it is a power move.'),
    crownFirst: crown('From above, the crown has gone bare while a ring of hair holds on around it.'),
  },
};

/** the opener of a band and what the photo shows; a band without its own for a verdict takes the nearest verdict's */
function openerFor(band: Band, key: OpenerKey): Sentence {
  const table = OPENERS[band];
  const own = table[key];
  if (own) return own;
  const verdicts = ([0, 1, 2, 3] as const).filter((v) => table[v]);
  const want = key === 'bare' ? 3 : typeof key === 'number' ? key : 2;
  const nearest = verdicts.reduce((a, b) => (Math.abs(b - want) < Math.abs(a - want) ? b : a));
  return table[nearest]!;
}

/** The density sentence, by the density word: about the frontal band of a face photo, or the top of the head from above. */
const DENSITY: Record<'front' | 'top', Record<MetricWord, Sentence | undefined>> = {
  front: densityTable({
    Excellent: 'Density in the front zone reads as thick and even.',
    Good: 'There is plenty of density up front, with only a little scalp peeking through.',
    Average: 'The front zone is of middling density, with some scalp showing through.',
    Poor: 'Scalp shows through in the frontal zone, so a shorter cut will look denser.',
    Terrible: 'The frontal zone has very little coverage left, so sharp, short styles will serve you best.',
  }),
  top: densityTable({
    Excellent: 'Coverage on top reads as dense from edge to edge.',
    Good: 'Coverage on top still reads as healthy in this photo.',
    Average: 'The top is of middling density: thinner than the sides, but covered.',
    Poor: 'The top zone is thinner than the sides, which shorter styles disguise well.',
    Terrible: 'Most of the top zone reads as bare scalp in this photo.',
  }),
};

function densityTable(texts: Partial<Record<MetricWord, string>>): Record<MetricWord, Sentence | undefined> {
  const out = {} as Record<MetricWord, Sentence | undefined>;
  for (const [word, text] of Object.entries(texts) as [MetricWord, string][]) {
    out[word] = s(text, { density: metricPoints('density', word) });
  }
  return out;
}

function densitySentence(view: PhotoView, density: MetricWord): Sentence {
  return DENSITY[view === 'top' ? 'top' : 'front'][density] ?? DENSITY.front.Average!;
}

/** The hairline sentence of a face photo, by its verdict; a bare top says so; a view from above has no outline to trace. */
const HAIRLINE: Record<Exclude<OpenerKey, 'crownFirst'>, Sentence> = {
  0: s('The hairline runs fairly straight across, with no deep temple corners.', R(0)),
  1: s('The temples sit a little higher than the middle of the hairline, which plenty of adults have.', R(1)),
  2: s('The temples and the middle of the hairline have both moved back, the classic M shape deepening.', R(2)),
  3: s('Little of the frontal hairline is left: the forehead runs far back.', R(3)),
  bare: s('Forehead skin runs right up to the top of the head: there is no frontal hairline left to trace.', R(3)),
  bowed: above(
    "The head is bowed, so the read rests on the hairline seen from above rather than on the temples' shape.",
  ),
  top: crown(
    "This is a photo of the top of the head, so the read rests on scalp coverage rather than on the hairline's shape.",
  ),
};

/** The crown photo, by its own Norwood stage, as its card shows it. */
const CROWN: Record<number, Sentence> = Object.fromEntries(
  (
    [
      [1, 'The crown photo shows a full crown.'],
      [2, 'The crown photo shows a well covered crown.'],
      [3, 'The crown photo shows the crown starting to thin.'],
      [4, 'The crown photo shows a thinning crown, which raises the estimate.'],
      [5, 'The crown photo shows a clearly thin crown, which raises the estimate.'],
      [6, 'The crown photo shows a mostly bare crown, which raises the estimate.'],
      [7, 'The crown photo shows a bare crown, which raises the estimate.'],
    ] as const
  ).map(([stage, text]) => [stage, s(text, { crown: NORWOOD_POINTS[stage]! })]),
);

const crownSentence = (crownNorwoodStage: number): Sentence => CROWN[crownNorwoodStage]!;

const CLOSERS = [
  'Lighting, angle and wet hair all change the picture, so treat this as a fun snapshot rather than a verdict.',
  'This is an automated estimate for entertainment; for anything health-related, talk to a professional.',
  // said of every kind of photo: a crown or a head bowed from above is not retaken "straight-on"
  'Angles and lighting can swing the result, so for a fair rematch take the next photo the same way, in daylight.',
].map((text) => s(text));

/** "Overall that lands at 45/100.": the score, read back by the checker */
const scoreSentence = (score: number) => `Overall that lands at ${score}/100.`;
export const SCORE_SENTENCE = /Overall that lands at (\d+)\/100\./;

/** every fixed sentence a commentary may hold, for the checker to read one back */
export const ALL_SENTENCES: readonly Sentence[] = [
  ...Object.values(OPENERS).flatMap((t) => Object.values(t)),
  ...Object.values(DENSITY).flatMap((t) => Object.values(t).filter((x): x is Sentence => x !== undefined)),
  ...Object.values(HAIRLINE),
  ...Object.values(CROWN),
  ...CLOSERS,
];

export interface CommentaryInputs {
  band: Band;
  view: PhotoView;
  /** the kind of photo as the user took it (shared/view-kinds.ts), which the history names it by */
  kind: ViewKind;
  /** the verdict's index (hairline-words.ts), for a face photo with its temples in sight */
  verdict: 0 | 1 | 2 | 3 | null;
  bareTop: boolean;
  /** a photo of the top of the head whose centre is clearly barer than the ring around it (CROWN_FIRST) */
  crownFirst: boolean;
  density: MetricWord;
  score: number;
  /** the crown photo's own Norwood stage, when one was analysed with this one */
  crownNorwoodStage?: number;
  seed: number;
}

/**
 * what an opener and the hairline sentence speak of: a hairline photo of a head bowed so far that its face is missed is
 * measured from above like a crown photo, but it is the hairline from above, and said so
 */
function outlineKey(c: CommentaryInputs): Exclude<OpenerKey, 'crownFirst'> {
  if (c.view === 'top') return c.kind === 'above' ? 'bowed' : 'top';
  if (c.verdict === null) return 'bowed';
  return c.bareTop && c.verdict === 3 ? 'bare' : c.verdict;
}

/** the centre of the top of the head this much barer (share of hair) than the ring around it: the crown thins first */
export const CROWN_FIRST = 0.15;

export function commentaryFor(c: CommentaryInputs): string {
  const key = outlineKey(c);
  const opener = openerFor(c.band, key === 'top' && c.crownFirst ? 'crownFirst' : key);
  const parts = [opener, densitySentence(c.view, c.density), HAIRLINE[key]];
  if (c.crownNorwoodStage !== undefined) parts.push(crownSentence(c.crownNorwoodStage));
  return [...parts.map((p) => p.text), scoreSentence(c.score), CLOSERS[c.seed % CLOSERS.length]!.text].join(' ');
}
