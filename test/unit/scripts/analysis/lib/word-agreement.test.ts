import { describe, expect, it } from 'vitest';
import { heldOutResult, metricWordsOf, wordAgreement, type MetricWords } from '#scripts/analysis/lib/word-agreement.ts';
import type { Measurements } from '#shared/schemas.ts';

const words = (over: Partial<MetricWords>): MetricWords => ({
  recessionLevel: 'Medium',
  density: 'Average',
  foreheadSize: 'Medium',
  hairlineAge: 'Mature',
  yearsUntilBald: '10-15 years',
  health: 'Average',
  ...over,
});

describe('metric words against the labels', () => {
  it('a word that worsens with every label agrees fully (ρ −1); one that never changes has no figure', () => {
    const photos = (['Excellent', 'Good', 'Average', 'Poor', 'Terrible'] as const).map((density, k) => ({
      words: words({ density }),
      label: k + 1,
    }));
    const rho = wordAgreement(photos);
    expect(rho.density).toBe(-1);
    expect(rho.health).toBeNull();
  });

  it('a density that says Terrible of full heads of hair pulls its agreement towards nothing', () => {
    const photos = [
      { words: words({ density: 'Terrible' }), label: 1 },
      { words: words({ density: 'Poor' }), label: 1 },
      { words: words({ density: 'Good' }), label: 2 },
      { words: words({ density: 'Poor' }), label: 3 },
      { words: words({ density: 'Terrible' }), label: 4 },
    ];
    const rho = wordAgreement(photos).density!;
    expect(rho).toBeGreaterThan(-0.5);
  });

  it('one label only: nothing to agree with', () => {
    expect(
      wordAgreement([
        { words: words({}), label: 2 },
        { words: words({ density: 'Poor' }), label: 2 },
      ]).density,
    ).toBeNull();
  });
});

describe('the words a held-out result shows', () => {
  const top: Measurements = {
    view: 'top',
    hairlineHeightRatio: null,
    templeRecession: null,
    frontalCoverage: 0.3,
    topCoverage: 0.8,
    bareTopShare: 0.2,
    strandTexture: 0.6,
    faceFound: false,
    confidence: 0.75,
  };
  const front: Measurements = {
    ...top,
    view: 'front',
    hairlineHeightRatio: 0.8,
    templeRecession: 0,
    frontalCoverage: 0.95,
    strandTexture: 0.9,
    faceFound: true,
  };

  const heldOutWords = (measurements: Measurements, stage: number) =>
    metricWordsOf(heldOutResult({ reading: { measurements, stage, shine: 0.1, evenness: 0.8 } }, stage));

  it('read the held-out stage where the word reads the estimate, the photo where it measures, within the score', () => {
    const early = heldOutWords(top, 1.2);
    const late = heldOutWords(top, 6.6);
    expect([early.recessionLevel, early.density, early.foreheadSize]).toEqual(['None', 'Excellent', 'Small']);
    expect([late.recessionLevel, late.density, late.foreheadSize]).toEqual(['Disaster', 'Terrible', 'Massive']);
    expect([early.hairlineAge, late.hairlineAge]).toEqual(['Young', 'Senior']);
    // health reads the photo, moved only as far as needed to agree with a bald score
    expect(early.health).toBe('Good');
    expect(['Poor', 'Terrible']).toContain(late.health);
    // a face measures its own hairline: full at a full estimate, moved towards the score at a bald one
    expect(heldOutWords(front, 1.2).recessionLevel).toBe('None');
    expect(heldOutWords(front, 6.6).recessionLevel).not.toBe('None');
  });
});
