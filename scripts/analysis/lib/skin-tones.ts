/**
 * Skin-tone groups of the dev photos and of the held-out folders (held-out-sources.ts; their file names are the builder's),
 * labelled by eye (../data/skin-tone-labels.csv: set, file, skin_tone; three coarse groups
 * of the Monk skin tone scale: light 1-3, medium 4-6, dark 7-10). They let the eval report every figure per group: a
 * measurement that reads dark skin as hair, or refuses darker faces more often, shows there. Portraits and the bowed
 * selfies show the face or forehead; a crown photo or a head from behind shows little skin (a strip of forehead, the
 * neck, a bare scalp), so its group is the roughest of the three, and the light/medium line is a judgement under each photo's own light.
 */
import { readFileSync } from 'node:fs';

export const SKIN_TONES = ['light', 'medium', 'dark'] as const;
export type SkinTone = (typeof SKIN_TONES)[number];

/** "portraits/men/0094b2a0a09c.jpg" → its group */
export function readSkinTones(): Map<string, SkinTone> {
  const lines = readFileSync(new URL('../data/skin-tone-labels.csv', import.meta.url), 'utf8')
    .trim()
    .split(/\r?\n/);
  const out = new Map<string, SkinTone>();
  for (const line of lines.slice(1)) {
    const [set, file, tone] = line.split(',').map((s) => s.trim());
    if (!SKIN_TONES.includes(tone as SkinTone)) throw new Error(`skin-tone-labels.csv: unknown group in "${line}"`);
    out.set(`${set}/${file}`, tone as SkinTone);
  }
  return out;
}
