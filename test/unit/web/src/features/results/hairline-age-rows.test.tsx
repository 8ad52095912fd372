import { cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REFERENCE_POPULATION_NOTE,
  typicalAge,
  YEARS_UNTIL_BALD_MEANING,
  yearsToAdvanced,
} from '#shared/hairline-age.ts';
import AccuracyPage from '#web/features/accuracy/AccuracyPage.tsx';
import { explainHairlineAge } from '#web/features/results/hairline-age-rows.ts';
import { ResultView } from '#web/features/results/ResultView.tsx';
import { analysisResult } from '#test/support/ratings.ts';
import { stubResizeObserver } from '#test/unit/web/support/render-helpers.tsx';

const figures = { stageEstimate: 3.04, typicalAge: 53, yearsToAdvanced: 19.7 };

beforeEach(() => {
  stubResizeObserver();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('hairline age in the key measurements', () => {
  it("says the typical age in years and explains Years until bald as the population's pace", () => {
    const rows = explainHairlineAge({ ageComparison: figures, hairlineAge: 'Aging', yearsUntilBald: '15+ years' });
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['Hairline age', 'about 53'],
      ['Years until bald', '15+ years'],
    ]);
    expect(rows[0]!.text).toContain('Your hairline looks like a typical man\'s at about 53 ("Aging")');
    expect(rows[0]!.text).toContain('never from your face');
    // the reference population, visible on the result
    expect(rows[0]!.text).toContain('These figures describe white men. Men of East Asian descent lose hair later');
    expect(rows[1]!.text).toBe(`${YEARS_UNTIL_BALD_MEANING} From this hairline that is about 20 years.`);
    const there = explainHairlineAge({
      ageComparison: { stageEstimate: 6.4, typicalAge: 82, yearsToAdvanced: 0 },
      hairlineAge: 'Senior',
      yearsUntilBald: '0-2 years',
    });
    expect(there[1]!.text).toBe(`${YEARS_UNTIL_BALD_MEANING} This hairline is already there.`);
    const oneYear = explainHairlineAge({
      ageComparison: { stageEstimate: 5.4, typicalAge: 69, yearsToAdvanced: 1.2 },
      hairlineAge: 'Senior',
      yearsUntilBald: '0-2 years',
    });
    expect(oneYear[1]!.text).toBe(`${YEARS_UNTIL_BALD_MEANING} From this hairline that is about 1 year.`);
  });

  it('with a birth year: where the hairline stands among men of the same age', () => {
    const rows = explainHairlineAge({
      ageComparison: { ...figures, ownAge: 36, moreHairThanPercent: 32 },
      hairlineAge: 'Aging',
      yearsUntilBald: '15+ years',
    });
    const peers = rows.find((r) => r.label === 'Among men your age')!;
    expect(peers.value).toBe('32 %');
    expect(peers.text).toBe('More hair than about 32 % of men your age (36), from the birth year in your profile.');
  });

  it('the ends of the table read as "or younger" / "or older"', () => {
    const value = (age: number) =>
      explainHairlineAge({
        ageComparison: { ...figures, typicalAge: age },
        hairlineAge: 'Young',
        yearsUntilBald: 'Never',
      })[0]!.value;
    expect(value(18)).toBe('18 or younger');
    expect(value(85)).toBe('85 or older');
  });

  it('a rating stored before the table keeps its words and gets only the meaning', () => {
    const rows = explainHairlineAge({ hairlineAge: 'Mature', yearsUntilBald: '10-15 years' });
    expect(rows).toEqual([{ label: 'Years until bald', value: '10-15 years', text: YEARS_UNTIL_BALD_MEANING }]);
  });

  it('the result page shows them under Key measurements, and labels the metric', () => {
    render(
      <MemoryRouter>
        <ResultView result={analysisResult({ ageComparison: { ...figures, ownAge: 36, moreHairThanPercent: 32 } })} />
      </MemoryRouter>,
    );
    const list = screen.getByText('Key measurements').nextElementSibling as HTMLElement;
    expect(list.textContent).toContain('Hairline ageabout 53');
    expect(list.textContent).toContain('Among men your age32 %');
    expect(screen.getByTestId('hairline-verdict').textContent).toMatch(
      /^(Mature hairline \(typical adult hairline, not hair loss\)|Early recession at the temples|Receding hairline|Advanced hair loss): your /,
    );
    const meaning = screen.getAllByTestId('years-until-bald-meaning')[0]!;
    expect(meaning.textContent).toContain('not a prediction of your own hair loss');
  });
});

describe('/accuracy explains the same figures', () => {
  it('shows the typical age per Norwood stage from the shared table and the same meaning of Years until bald', () => {
    const markup = renderToStaticMarkup(
      <MemoryRouter>
        <AccuracyPage open="all" />
      </MemoryRouter>,
    );
    const doc = new DOMParser().parseFromString(markup, 'text/html');
    const rows = [...doc.querySelectorAll('[data-testid="hairline-age-table"] tbody tr')].map((tr) => tr.textContent);
    expect(rows).toHaveLength(7);
    expect(rows[2]).toBe(`3about ${typicalAge(3)}${Math.round(yearsToAdvanced(3))}`);
    expect(rows[6]).toBe(`7about ${typicalAge(7)}0`);
    const meaning = doc.querySelector('[data-testid="years-until-bald-meaning"]')!;
    expect(meaning.textContent).toContain(YEARS_UNTIL_BALD_MEANING);
    expect(doc.body.textContent).toContain('Rhodes T et al.');
    // every anchor of the refit cited, and whom the figures describe
    for (const cite of ['Blume-Peytavi U et al.', 'Rassman W.', 'Paik JH et al.', 'Wang TL et al.']) {
      expect(doc.body.textContent).toContain(cite);
    }
    expect(doc.querySelector('[data-testid="reference-population"]')!.textContent).toContain(REFERENCE_POPULATION_NOTE);
    expect(doc.body.textContent).toContain('7.5 % of adult men');
    // what a photo saved on its side or upside down reads (docs/analysis.md, orientation.ts)
    const turned = doc.querySelector('[data-testid="turned-photos"]')!.textContent;
    expect(turned).toMatch(/saved on its side.*turned upright/);
    expect(turned).toMatch(/upside-down face photo is not recognised/);
    expect(turned).toMatch(/never saw, 90 % within 5 years, 18 at most/);
  });

  it('says how the verdict is decided, its thresholds and its held-out agreement', () => {
    const markup = renderToStaticMarkup(
      <MemoryRouter>
        <AccuracyPage open="all" />
      </MemoryRouter>,
    );
    const doc = new DOMParser().parseFromString(markup, 'text/html');
    expect(doc.querySelectorAll('[data-testid="verdict-thresholds"] tbody tr')).toHaveLength(3);
    const agreement = doc.querySelector('[data-testid="verdict-agreement"]')!.textContent!;
    expect(agreement).toMatch(/the verdict matched the label for \d+ %/);
    expect(agreement).toContain('level 1,');
  });
});
