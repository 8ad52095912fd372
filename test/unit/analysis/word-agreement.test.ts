import { describe, expect, it } from 'vitest';
import { wordAgreement, type MetricWords } from '#scripts/analysis/word-agreement.ts';

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
