import { describe, expect, it } from 'vitest';
import { heldOutWords, wordAgreement, type MetricWords } from '#scripts/analysis/word-agreement.ts';
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

  it('read the held-out stage where the word reads the estimate, the photo where it measures', () => {
    const early = heldOutWords({ measurements: top, health: 'Good' }, 1.2);
    const late = heldOutWords({ measurements: top, health: 'Good' }, 6.6);
    expect([early.recessionLevel, early.density, early.foreheadSize]).toEqual(['None', 'Excellent', 'Small']);
    expect([late.recessionLevel, late.density, late.foreheadSize]).toEqual(['Disaster', 'Terrible', 'Massive']);
    expect([early.hairlineAge, late.hairlineAge]).toEqual(['Young', 'Senior']);
    expect(late.health).toBe('Good');
    // a face measures its own hairline: the estimate moves only the age words
    const face = heldOutWords({ measurements: front, health: 'Good' }, 6.6);
    expect([face.recessionLevel, face.density, face.foreheadSize]).toEqual(['None', 'Excellent', 'Small']);
  });
});
