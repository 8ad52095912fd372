/** Playful, non-medical commentary and hairstyle ideas, chosen deterministically from the measurements. */
import type { Measurements } from '#shared/schemas.ts';
import { TEMPLE_BANDS, topIsBare } from '#shared/hairline.ts';
import { scoreBand, type ScoreTone } from '#shared/scoring.ts';

/** the words follow the score bands of shared/scoring.ts, the same bands as the label and the badge */
type Band = ScoreTone;

export function bandOf(score: number): Band {
  return scoreBand(score).tone;
}

/** Openers for any photo, and those that speak of the front of the head (not said of a photo of its top). */
const OPENERS: Record<Band, { any: string[]; front: string[] }> = {
  top: {
    any: [
      'Your hairline is holding the line like it signed a lifetime contract.',
      'That hairline is the main character and it knows it.',
    ],
    front: ['Full coverage up front: your hairline is in its prime era.'],
  },
  good: {
    any: [
      'Solid hairline energy with only the faintest hint of plot development.',
      'Your hairline is doing its job and mostly clocking in on time.',
      'Plenty of hair where it counts, with a little character at the edges.',
    ],
    front: [],
  },
  mid: {
    any: [
      'Your hairline has started taking the scenic route backwards.',
      'The hairline is negotiating a retreat, but it has not surrendered.',
    ],
    front: ['There is a visible strategy shift up front: some ground has been ceded.'],
  },
  low: {
    any: [
      'Your scalp is getting a lot of sunshine these days, and owning it is a power move.',
      'The hairline has left the chat, but the confidence does not have to.',
      'Maximum forehead real estate: this is the clean-dome chapter.',
    ],
    front: [],
  },
};

function opener(band: Band, m: Measurements, seed: number): string {
  const { any, front } = OPENERS[band];
  return pick(m.view === 'top' ? any : [...any, ...front], seed, 0);
}

/**
 * The middle sentence, about the front of the scalp or its top. A photo of the top of the head shows no front (its
 * outer ring is the one around the crown), so it is only told about the top.
 */
const MIDDLES: Record<Band, Record<'front' | 'top', string>> = {
  top: {
    front: 'Density in the front zone reads as thick and even.',
    top: 'Coverage on top reads as dense from edge to edge.',
  },
  good: {
    front: 'There is plenty of density up front, with only a little scalp peeking through.',
    top: 'Coverage on top still reads as healthy in this photo.',
  },
  mid: {
    front: 'Scalp shows through in the frontal zone, so a shorter cut will look denser.',
    top: 'The top zone is thinner than the sides, which shorter styles disguise well.',
  },
  low: {
    front: 'The frontal zone has very little coverage left, so sharp, short styles will serve you best.',
    top: 'Most of the top zone reads as bare scalp in this photo.',
  },
};

function middleSentence(band: Band, m: Measurements, seed: number): string {
  const { front, top } = MIDDLES[band];
  return m.view === 'top' ? top : pick([top, front], seed, 3);
}

/** only said about a front photo, where the traced hairline and its temple corners were measured */
function hairlineSentence(m: Measurements): string {
  if (m.templeRecession === null || m.hairlineHeightRatio === null) {
    return "This is a photo of the top of the head, so the read rests on scalp coverage rather than on the hairline's shape.";
  }
  if (topIsBare(m))
    return 'Forehead skin runs right up to the top of the head: there is no frontal hairline left to trace.';
  if (m.templeRecession > TEMPLE_BANDS.clear)
    return 'The temples sit noticeably higher than the middle of the hairline, the classic M shape.';
  if (m.templeRecession > TEMPLE_BANDS.slight)
    return 'The temples show a touch of recession, which plenty of adults have.';
  return 'The hairline runs fairly straight across, with no deep temple corners.';
}

const CLOSERS = [
  'Lighting, angle and wet hair all change the picture, so treat this as a fun snapshot rather than a verdict.',
  'This is an automated estimate for entertainment; for anything health-related, talk to a professional.',
  'Angles and lighting can swing the result, so try a straight-on photo in daylight for a fair rematch.',
];

const STYLES: Record<Band, string[]> = {
  top: ['Textured quiff', 'Slick back', 'Side part', 'Curtains / middle part', 'Messy fringe'],
  good: ['Textured crop', 'Side part with a low fade', 'Short quiff', 'Brushed-up pompadour', 'Ivy League'],
  mid: ['French crop with a fringe', 'Buzz cut', 'Short textured crop', 'Crew cut', 'Caesar cut'],
  low: [
    'Clean shaved head',
    'Skin fade buzz',
    'Very short buzz with a beard',
    'Induction cut',
    'Bald with a sharp beard line',
  ],
};

/** FNV-1a over the measurements: the same photo always gets the same words, different photos get variety. */
export function seedOf(m: Measurements, score: number): number {
  const text = JSON.stringify([score, m.hairlineHeightRatio, m.templeRecession, m.frontalCoverage, m.topCoverage]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const pick = <T>(list: T[], seed: number, salt: number): T => list[(seed >>> salt) % list.length]!;

export function commentaryFor(score: number, m: Measurements): string {
  const band = bandOf(score);
  const seed = seedOf(m, score);
  const parts = [opener(band, m, seed), middleSentence(band, m, seed)];
  parts.push(hairlineSentence(m));
  parts.push(`Overall that lands at ${score}/100.`, pick(CLOSERS, seed, 7));
  return parts.join(' ');
}

export function hairstylesFor(score: number, m: Measurements): string[] {
  const list = STYLES[bandOf(score)];
  const start = seedOf(m, score) % list.length;
  return [0, 1, 2, 3].map((k) => list[(start + k) % list.length]!);
}
