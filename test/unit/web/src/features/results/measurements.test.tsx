import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { explainMeasurements, NORWOOD_DESCRIPTIONS, raisedByCrownText } from '#web/features/results/measurements.ts';
import { NorwoodPanel } from '#web/features/results/NorwoodPanel.tsx';
import { OVERLAY_LEGEND, RESULT_PHOTO_TEXTS } from '#web/features/results/overlay-legend.ts';
import { ResultView } from '#web/features/results/ResultView.tsx';
import { analysisResult, frontMeasurements, measurementsBeforeViews, topMeasurements } from '#test/support/ratings.ts';
import { renderApp, stubResizeObserver } from '#test/unit/web/support/render-helpers.tsx';

type Said = Parameters<typeof explainMeasurements>;
const rows = (m: Said[0], photoOf?: Said[1]) => explainMeasurements(m, photoOf).map((r) => [r.label, r.value]);
const allText = (m: Said[0], photoOf?: Said[1]) =>
  explainMeasurements(m, photoOf)
    .map((r) => `${r.label} ${r.value} ${r.text}`)
    .join('\n');

beforeEach(() => {
  stubResizeObserver();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('key measurements of a bowed photo (head tipped down)', () => {
  it("says the photo is seen from above, then the front view's rows; a top of the head not in the photo is not shown", () => {
    const bowed = frontMeasurements({ view: 'bowed', topCoverage: null, bareTopShare: null, templeBareShare: 0.42 });
    expect(rows(bowed)).toEqual([
      ['Photo', 'Hairline from above'],
      ['Forehead height', '0.86× your mid-face'],
      ['Temple corners', 'Slightly higher'],
      ['Hair behind the hairline', '82%'],
      ['Measurement confidence', '70%'],
    ]);
    expect(allText(bowed)).toContain('corrected for the tilt');
    expect(allText(bowed)).toContain('where a full hairline comes down at the temples, 42% is bare skin');
    expect(allText(bowed)).not.toMatch(/top of your head/);
  });
});

describe('key measurements of a front photo', () => {
  it('forehead height in mid-face units, temple corners in words, the two coverages and confidence', () => {
    expect(rows(frontMeasurements())).toEqual([
      ['Forehead height', '0.86× your mid-face'],
      ['Temple corners', 'Slightly higher'],
      ['Hair behind the hairline', '82%'],
      ['Top of the head', '75%'],
      ['Measurement confidence', '70%'],
    ]);
    const [forehead, temples, , top] = explainMeasurements(frontMeasurements());
    expect(forehead!.text).toContain('brow line up to your hairline, in units of the middle third of your face');
    expect(forehead!.text).toContain('A full hairline is about 0.80×');
    expect(temples!.text).toContain('left 0.10× higher, right 0.06× higher (left and right as seen in the photo)');
    expect(top!.text).toBe('Hair covers 75% of the top of your head in the photo; 25% is bare skin.');
  });

  it('a bald top: the forehead height is where the head ends, said as a lower bound, not a hairline', () => {
    const bald = frontMeasurements({ hairlineHeightRatio: 1.11, topCoverage: 0.02, bareTopShare: 0.98 });
    const forehead = explainMeasurements(bald).find((r) => r.label === 'Forehead height')!;
    expect(forehead.value).toBe('1.11× or more');
    expect(forehead.text).toContain('no hairline left to measure to: 1.11× your mid-face is where your head ends');
    expect(forehead.text).not.toContain('up to your hairline');
    // no hairline, so no corners of one: not "lower than the middle" beside "no hairline left"
    const temples = explainMeasurements({ ...bald, templeRecession: -0.15, templeBareShare: 0.96 }).find(
      (r) => r.label === 'Temple corners',
    )!;
    expect(temples.value).toBe('No hairline left');
    expect(temples.text).toBe(
      'With no frontal hairline left, there are no temple corners to set against its middle. Beside your forehead, where a full hairline comes down at the temples, 96% is bare skin.',
    );
  });

  it('temple words follow the depth: M shape, level, curving down', () => {
    const word = (templeRecession: number) =>
      explainMeasurements(frontMeasurements({ templeRecession })).find((r) => r.label === 'Temple corners')!.value;
    expect(word(0.2)).toBe('Clearly higher (M shape)');
    expect(word(0.01)).toBe('Level with the middle');
    expect(word(-0.1)).toBe('Lower than the middle');
    const lower = explainMeasurements(frontMeasurements({ templeLeft: -0.08, templeRight: 0 })).find(
      (r) => r.label === 'Temple corners',
    )!;
    expect(lower.text).toContain('left 0.08× lower, right level with it');
  });

  it('no temple row when the temples were not measured; no NaN or null anywhere', () => {
    const m = frontMeasurements({
      templeRecession: null,
      templeLeft: null,
      templeRight: null,
      bareTopShare: undefined,
    });
    expect(rows(m).map(([label]) => label)).toEqual([
      'Forehead height',
      'Hair behind the hairline',
      'Top of the head',
      'Measurement confidence',
    ]);
    expect(allText(m)).not.toMatch(/NaN|null|undefined/);
    expect(explainMeasurements(m).find((r) => r.label === 'Top of the head')!.text).toBe(
      'Hair covers 75% of the top of your head in the photo.',
    );
  });

  it('how far the hair falls beside the face, which the suggestions keep to; not on a bowed head', () => {
    const long = explainMeasurements(frontMeasurements({ hairLength: 3.2 })).find(
      (r) => r.label === 'Hair beside the face',
    )!;
    expect(long.value).toBe('To the jaw or longer');
    expect(long.text).toBe(
      'Your hair falls about 3.20× your mid-face below the brow line beside your face (the chin is about 2.2×): the hairstyle suggestions keep to that length.',
    );
    const none = explainMeasurements(frontMeasurements({ hairLength: 0 })).find(
      (r) => r.label === 'Hair beside the face',
    )!;
    expect(none.value).toBe('Above the jaw');
    expect(none.text).toMatch(/^No hair falls beside your face below the brow line: .* short styles\.$/);
    expect(rows(frontMeasurements({ view: 'bowed', hairLength: 3 })).map(([l]) => l)).not.toContain(
      'Hair beside the face',
    );
    // ratings stored before it was measured
    expect(rows(frontMeasurements()).map(([l]) => l)).not.toContain('Hair beside the face');
  });

  it('one side missing: the other is still said', () => {
    const temples = explainMeasurements(
      frontMeasurements({ templeLeft: null, templeRight: 0.15, templeRecession: 0.15 }),
    ).find((r) => r.label === 'Temple corners')!;
    expect(temples.text).toContain('right 0.15× higher (left and right');
    expect(temples.text).not.toMatch(/left 0|null/);
  });
});

describe('key measurements of a top-of-the-head photo', () => {
  it('says it is a top view, shows the two scalp zones and never forehead or temples', () => {
    expect(rows(topMeasurements())).toEqual([
      ['Photo', 'Top of the head'],
      ['Around the crown', '62%'],
      ['Top (crown) zone', '40%'],
      ['Measurement confidence', '75%'],
    ]);
    expect(explainMeasurements(topMeasurements())[0]!.text).toContain('This is a photo of the top of the head');
    expect(explainMeasurements(topMeasurements())[2]!.text).toContain('60% is bare skin');
  });

  it('a hairline photo measured from above: its zones are the top of the head and the ring around it, not the crown', () => {
    expect(rows(topMeasurements(), 'hairline')).toEqual([
      ['Photo', 'Hairline from above'],
      ['Around the top', '62%'],
      ['Top zone', '40%'],
      ['Measurement confidence', '75%'],
    ]);
    expect(allText(topMeasurements(), 'hairline')).not.toMatch(/crown/);
    // the forehead in the ring is said only of the bowed head
    expect(allText(topMeasurements(), 'hairline')).toContain('takes in the forehead');
    expect(allText(topMeasurements(), 'crown')).not.toContain('takes in the forehead');
  });

  it('even if an engine sent lengths on a top view, they are not shown', () => {
    const m = topMeasurements({ hairlineHeightRatio: 1.4, templeRecession: 0.3, templeLeft: 0.3, templeRight: 0.3 });
    const labels = rows(m).map(([label]) => label);
    expect(labels).not.toContain('Forehead height');
    expect(labels).not.toContain('Temple corners');
  });

  it('the panel has no forehead or temple wording at all', () => {
    render(<NorwoodPanel norwoodStage={6} norwoodConfidence={0.6} measurements={topMeasurements()} />);
    const list = screen.getByText('Key measurements').nextElementSibling as HTMLElement;
    expect(list.textContent).toContain('Top (crown) zone');
    expect(list.textContent).not.toMatch(/Forehead height|Temple|NaN|null/);
  });
});

describe('the Norwood stage beside a crown photo that raised it', () => {
  it("says the hairline's own stage where the crown raised the joined one; nothing where it did not", () => {
    expect(raisedByCrownText(3, 1.04)).toBe(
      'Here the crown photo raises the stage: the hairline alone reads as Norwood stage 1.',
    );
    expect(raisedByCrownText(3, 2.6)).toBeNull();
    expect(raisedByCrownText(3, undefined)).toBeNull();
    render(
      <NorwoodPanel
        norwoodStage={3}
        norwoodConfidence={0.5}
        measurements={frontMeasurements()}
        crown={{ faceStageEstimate: 1.04 }}
      />,
    );
    expect(screen.getByTestId('norwood-raised-by-crown').textContent).toContain(
      'hairline alone reads as Norwood stage 1',
    );
  });
});

describe('key measurements of a rating stored before views', () => {
  it('reads as before: shares of the face', () => {
    expect(Object.keys(NORWOOD_DESCRIPTIONS)).toHaveLength(7);
    expect(rows(measurementsBeforeViews())).toEqual([
      ['Forehead height', '35%'],
      ['Temple recession', '8%'],
      ['Hair coverage', '82% front · 75% top'],
      ['Measurement confidence', '70%'],
    ]);
  });

  it('without a face: hairline against the photo, and no temple figure measured against nothing', () => {
    const m = measurementsBeforeViews({ faceFound: false });
    expect(rows(m).map(([label]) => label)).toEqual(['Hairline height', 'Hair coverage', 'Measurement confidence']);
    expect(explainMeasurements(m)[0]!.text).toMatch(/No face was visible/);
  });

  it('nulls in an old shape are left out, never "NaN%" or "null"', () => {
    const m = measurementsBeforeViews({ hairlineHeightRatio: null, templeRecession: null });
    expect(rows(m).map(([label]) => label)).toEqual(['Hair coverage', 'Measurement confidence']);
    expect(allText(m)).not.toMatch(/NaN|null|undefined/);
  });
});

describe('overlay legend', () => {
  it('front: the red line, yellow circles, yellow ruler and teal zones are explained', () => {
    renderApp(<ResultView result={analysisResult()} />);
    const legend = screen.getByRole('list', { name: RESULT_PHOTO_TEXTS.legendLabel });
    const items = within(legend)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(OVERLAY_LEGEND.front.map((i) => i.text));
    expect(items.join(' ')).toMatch(/Red line.*hairline/);
    expect(items.join(' ')).toMatch(/Yellow circles.*temple corners/);
    expect(items.join(' ')).toMatch(/Yellow ruler.*forehead height/);
    expect(items.join(' ')).toMatch(/Teal dashed areas/);
  });

  it('top: only the teal ellipses of the scalp zones', () => {
    renderApp(<ResultView result={analysisResult({ measurements: topMeasurements() })} />);
    const legend = screen.getByRole('list', { name: RESULT_PHOTO_TEXTS.legendLabel });
    expect(legend.textContent).toContain('Teal ellipses');
    expect(legend.textContent).not.toMatch(/temple|ruler|Red line/i);
    expect(screen.getByAltText(RESULT_PHOTO_TEXTS.topOverlayAlt)).toBeTruthy();
  });

  it('hidden with the original photo; an old rating keeps its one-line caption', () => {
    renderApp(<ResultView result={analysisResult()} />);
    fireEvent.click(screen.getByRole('button', { name: RESULT_PHOTO_TEXTS.showOriginal }));
    expect(screen.queryByTestId('overlay-legend')).toBeNull();
    expect(screen.getByText(RESULT_PHOTO_TEXTS.originalCaption)).toBeTruthy();
    cleanup();
    renderApp(<ResultView result={analysisResult({ measurements: measurementsBeforeViews() })} />);
    expect(screen.queryByTestId('overlay-legend')).toBeNull();
    expect(screen.getByText(RESULT_PHOTO_TEXTS.legacyCaption)).toBeTruthy();
  });
});
