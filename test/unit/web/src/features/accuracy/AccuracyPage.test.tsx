/**
 * The /accuracy page against the committed shared/accuracy-summary.json: every figure the page prints is the JSON's,
 * and every figure of the JSON is on the page. The page is rendered as the build prerenders it (server markup).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AccuracySummarySchema, type LabelledSetSummary } from '#shared/accuracy.ts';
import summaryJson from '#shared/accuracy-summary.json';
import AccuracyPage from '#web/features/accuracy/AccuracyPage.tsx';
import { SAME_PERSON_MAX_DISTANCE } from '#shared/face-identity.ts';
import { formatMeasuredOn, unseenSummary } from '#web/features/accuracy/figures.ts';
import { SetFigures } from '#web/features/accuracy/SetFigures.tsx';

const SUMMARY_JSON: unknown = summaryJson;

function page(markup: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><body>${markup}</body></html>`, 'text/html');
}

/** Every number in the JSON, by its path (sets.0.spearman), nulls left out. */
function numericLeaves(value: unknown, path: string[] = []): Map<string, number> {
  const leaves = new Map<string, number>();
  if (typeof value === 'number') leaves.set(path.join('.'), value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      for (const [p, v] of numericLeaves(child, [...path, key])) leaves.set(p, v);
  }
  return leaves;
}

/** The number a reader sees: "−0.810" → −0.81, "12.5%" → 0.125; and how far rounding may take it from the exact one. */
function shown(text: string): { value: number; tolerance: number } {
  const plain = text.trim().replace('\u2212', '-');
  const percent = plain.endsWith('%');
  const digits = plain.replace('%', '');
  const decimals = digits.includes('.') ? digits.split('.')[1]!.length : 0;
  const scale = percent ? 100 : 1;
  return { value: Number(digits) / scale, tolerance: (0.5 * 10 ** -decimals) / scale + 1e-12 };
}

describe('the accuracy page and the committed JSON', () => {
  const summary = AccuracySummarySchema.parse(SUMMARY_JSON);
  // every section open: the figures of the tables are rendered only in an open section
  const doc = page(
    renderToStaticMarkup(
      <MemoryRouter>
        <AccuracyPage open="all" />
      </MemoryRouter>,
    ),
  );
  const closed = page(
    renderToStaticMarkup(
      <MemoryRouter>
        <AccuracyPage />
      </MemoryRouter>,
    ),
  );
  const figures = [...doc.querySelectorAll('data[data-figure]')];
  const json = numericLeaves(SUMMARY_JSON);

  it('prints each figure as the JSON holds it', () => {
    expect(figures.length).toBeGreaterThan(0);
    for (const el of figures) {
      const path = el.getAttribute('data-figure')!;
      expect(json.has(path), `${path} is in the JSON`).toBe(true);
      expect(Number(el.getAttribute('value')), path).toBe(json.get(path));
      const { value, tolerance } = shown(el.textContent ?? '');
      expect(
        Math.abs(value - json.get(path)!),
        `${path}: "${el.textContent}" shows ${json.get(path)}`,
      ).toBeLessThanOrEqual(tolerance);
    }
  });

  it('shows every figure of the JSON', () => {
    const onPage = new Set(figures.map((el) => el.getAttribute('data-figure')));
    for (const path of json.keys()) expect(onPage.has(path), `${path} is on the page`).toBe(true);
  });

  it('opens with the plain summary, computed from the sets the fit never saw', () => {
    const unseen = summary.sets.filter((s) => s.heldOutBy === 'unseen' && s.heldOut);
    const weights = unseen.map((s) => s.distinctPhotos * (1 - s.refusedShare));
    const pooled =
      unseen.reduce((n, s, i) => n + weights[i]! * s.heldOut!.concordance, 0) / weights.reduce((a, b) => a + b);
    expect(unseenSummary(summary)).toMatchObject({ sets: unseen.length, pairsOfTen: Math.round(pooled * 10) });
    const first = doc.querySelector('[data-testid=accuracy-summary] p')!.textContent;
    expect(first).toBe(`On photos it never saw, it put ${Math.round(pooled * 10)} of 10 pairs in the right order.`);
    // the summary comes before every table
    const summaryEl = doc.querySelector('[data-testid=accuracy-summary]')!;
    expect(summaryEl.compareDocumentPosition(doc.querySelector('table')!) & 4).toBe(4);
    // as prerendered: the summary, and each of the eight sections' titles (the set figures, small changes, the labels,
    // what each label means, the verdict, the age, the words, identity) with no table until it is opened
    expect(closed.querySelector('[data-testid=accuracy-summary]')).not.toBeNull();
    expect(closed.querySelectorAll('details').length).toBe(8);
    expect(closed.querySelectorAll('details[open], table').length).toBe(0);
  });

  it('says how the words of a result agree: one reading, the view as taken, the suggestions, the checker', () => {
    const words = doc.querySelector('[data-testid=words-section]')!.textContent ?? '';
    expect(words).toContain('is said from one reading of the photo');
    expect(words).toContain('it is still the hairline from above');
    expect(words).toContain('the suggestions keep the length');
    expect(words).toContain('A checker reads each result');
    expect(closed.querySelector('[data-testid=words-section]')).toBeNull();
  });

  it('says how progress is kept to one person, with the threshold and what it was measured on', () => {
    const identity = doc.querySelector('[data-testid=identity-section]')!.textContent ?? '';
    expect(identity).toContain(`at most ${SAME_PERSON_MAX_DISTANCE} apart are taken as one person`);
    expect(identity).toContain('of 9,870 pairs of different people, 0 were taken as one person');
    expect(identity).toContain('1,269 of 1,269 copies');
    expect(identity).toContain('Not measured');
  });

  it('headlines held-out figures only, and says how they were held out', () => {
    const text = doc.body.textContent ?? '';
    expect(text).toContain('Every figure here is held out');
    for (const set of summary.sets) {
      if (set.heldOutBy === 'grouped-cv') expect(text).toContain('grouped 5-fold cross-validation');
      if (set.heldOut)
        expect(doc.querySelector(`[data-figure="sets.${summary.sets.indexOf(set)}.heldOut.spearman"]`)).not.toBeNull();
    }
  });

  it('names the date and the code version, and each set', () => {
    expect(doc.querySelector('[data-figure="measuredOn"]')?.getAttribute('datetime')).toBe(summary.measuredOn);
    expect(doc.querySelector('[data-figure="measuredOn"]')?.textContent).toBe(formatMeasuredOn(summary.measuredOn));
    expect(doc.querySelector('[data-figure="codeVersion"]')?.textContent).toBe(summary.codeVersion);
    const headings = [...doc.querySelectorAll('h3 code')].map((el) => el.textContent);
    expect(headings).toEqual(summary.sets.map((s) => s.id));
  });

  it('says what the score is not, and gives the dermatologists’ agreement', () => {
    const text = doc.body.textContent ?? '';
    expect(text).toContain('Medical advice or a diagnosis');
    expect(text).toContain('0.63-0.68');
    expect(text).toContain('Guarrera');
  });
});

/** a set rendered as the fourth on the page, and its figures by their name under `sets.3.` */
function rendered(set: LabelledSetSummary) {
  const doc = page(renderToStaticMarkup(<SetFigures set={set} index={3} />));
  return { doc, figure: (name: string) => doc.querySelector(`[data-figure="sets.3.${name}"]`)?.textContent };
}

describe('a labelled set with one label only', () => {
  const women: LabelledSetSummary = {
    id: 'portraits/women',
    description: 'Official portraits of adult women.',
    scale: '0: a full hairline',
    photos: 15,
    distinctPhotos: 15,
    refusedShare: 2 / 15,
    refusedBy: [
      { code: 'no_colour', photos: 1 },
      { code: 'forehead_covered', photos: 1 },
    ],
    views: { front: 13, bowed: 0, top: 0 },
    facesFound: 13,
    heldOutBy: 'grouped-cv',
    heldOut: null,
    meanScoreByStage: [{ stage: 0, n: 13, meanScore: 88.25 }],
    shownStage: { photos: 13, matched: 0.538, withinOne: 1, baseline: 1, labels: [{ label: 0, stages: '1' }] },
    metricWords: null,
    byView: [{ group: 'front', photos: 15, refused: 2, spearman: null, highestLabelMeanScore: 88.25 }],
    bySkinTone: [
      { group: 'light', photos: 11, refused: 1, spearman: null, highestLabelMeanScore: 88.5 },
      { group: 'dark', photos: 4, refused: 1, spearman: null, highestLabelMeanScore: 87.9 },
    ],
  };

  it('shows photos, share refused and the mean score, and no rank figures', () => {
    const { doc, figure } = rendered(women);
    expect(figure('photos')).toBe('15');
    expect(figure('refusedShare')).toBe('13.3%');
    // why they were refused, in words
    expect(figure('refusedBy.0.photos')).toBe('1');
    expect(doc.body.textContent).toContain('no score, no credit: 1 in black and white, 1 forehead covered');
    expect(figure('views.front')).toBe('13');
    expect(figure('meanScoreByStage.0.meanScore')).toBe('88.3');
    expect(doc.querySelector('figure li')?.textContent).toMatch(/^Label 0/);
    expect(figure('heldOut.spearman')).toBeUndefined();
    expect(figure('heldOut.auc')).toBeUndefined();
    expect(doc.body.textContent).toContain('Every photo in this set has the same label');
  });

  it('says how often the Norwood stage shown is one the label covers, against one stage for everyone', () => {
    const { doc, figure } = rendered(women);
    expect(figure('shownStage.matched')).toBe('53.8%');
    expect(figure('shownStage.photos')).toBe('13');
    expect(figure('shownStage.withinOne')).toBe('100.0%');
    expect(figure('shownStage.baseline')).toBe('100.0%');
    expect(figure('shownStage.labels.0.label')).toBe('0');
    expect(doc.body.textContent).toContain('(label 0: Norwood 1)');
    const withLabels = (set: LabelledSetSummary, labels: { label: number; stages: string }[]) =>
      rendered({ ...set, shownStage: { ...set.shownStage!, labels } }).doc.body.textContent;
    expect(withLabels(women, [])).toContain('(each label is a Norwood stage)');
    const portraits = { ...women, meanScoreByStage: [1, 2, 3, 4].map((stage) => ({ stage, n: 5, meanScore: 50 })) };
    expect(withLabels(portraits, [{ label: 3, stages: '3-5' }])).toContain(
      '(label 3: Norwood 3-5; any other: its own stage)',
    );
    expect(rendered({ ...women, shownStage: null }).doc.querySelector('[data-figure^="sets.3.shownStage"]')).toBeNull();
  });

  it('says how well each of the six words follows the labels, n/a for a word that never changed, nothing for one label', () => {
    const words = {
      recessionLevel: -0.78,
      density: -0.696,
      foreheadSize: -0.716,
      hairlineAge: -0.868,
      yearsUntilBald: -0.883,
      health: null,
    };
    const { doc, figure } = rendered({ ...women, metricWords: words });
    expect(figure('metricWords.density')).toBe('\u22120.696');
    expect(figure('metricWords.recessionLevel')).toBe('\u22120.780');
    expect(figure('metricWords.health')).toBeUndefined();
    expect(doc.body.textContent).toContain('Years Until Bald \u22120.883, Health n/a.');
    expect(rendered(women).doc.body.textContent).not.toContain('The six words beside the score');
  });

  it('shows the figures per view and per skin-tone group, a dash where none was measured', () => {
    const { doc, figure } = rendered(women);
    expect(figure('byView.0.photos')).toBe('15');
    expect(figure('bySkinTone.1.refused')).toBe('1');
    expect(figure('bySkinTone.1.highestLabelMeanScore')).toBe('87.9');
    expect(figure('bySkinTone.0.spearman')).toBeUndefined();
    expect(doc.body.textContent).toContain('By skin tone');
  });
});

describe('a set read from above, darker', () => {
  const crowns: LabelledSetSummary = {
    id: 'crowns',
    description: 'Crown photos.',
    scale: '1 little or no loss … 4 bald',
    photos: 20,
    distinctPhotos: 20,
    refusedShare: 0,
    refusedBy: [],
    views: { front: 0, bowed: 0, top: 20 },
    facesFound: 0,
    heldOutBy: 'unseen',
    heldOut: null,
    meanScoreByStage: [
      { stage: 1, n: 10, meanScore: 77 },
      { stage: 4, n: 10, meanScore: 31 },
    ],
    shownStage: null,
    metricWords: null,
    byView: [],
    bySkinTone: [],
  };
  const render = (darker: LabelledSetSummary['darker']) => {
    const doc = page(renderToStaticMarkup(<SetFigures set={{ ...crowns, darker }} index={2} />));
    return (name: string) => doc.querySelector(`[data-figure="sets.2.darker.${name}"]`)?.textContent;
  };

  it('says how far darker skin and light moved the score, signed, and for the highest label', () => {
    const figure = render({ copies: 20, spearman: -0.86, meanChange: 1.3, highestLabelChange: -0.64 });
    expect(figure('copies')).toBe('20');
    expect(figure('spearman')).toBe('\u22120.860');
    expect(figure('meanChange')).toBe('+1.3');
    expect(figure('highestLabelChange')).toBe('\u22120.6');
    expect(render({ copies: 20, spearman: -0.86, meanChange: 0.02, highestLabelChange: null })('meanChange')).toBe('0');
  });

  it('shows nothing of it for a set with no darker copies', () => {
    expect(render(undefined)('copies')).toBeUndefined();
  });
});
