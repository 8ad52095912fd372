/** The compare page: both sides, the winner per metric and overall, a clear message for a missing or invalid id. */
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ComparePage, { COMPARE_PAGE_TEXTS } from '#web/features/compare/ComparePage.tsx';
import { sharedRating } from '#test/support/ratings.ts';
import { renderApp, resetAroundEachTest } from '#test/unit/web/support/render-helpers.tsx';
import { serveShares } from '#test/unit/web/support/stub-api.ts';

const A = 'AAAAAAAAAAAAAAAAAAAAAA';
const B = 'BBBBBBBBBBBBBBBBBBBBBB';

resetAroundEachTest();

describe('the compare page', () => {
  it('shows both sides, the winner per metric and overall', async () => {
    serveShares({
      [A]: sharedRating({ shareId: A, displayName: 'alex', score: 78, density: 'Good' }),
      [B]: sharedRating({ shareId: B, displayName: 'sam', score: 55, density: 'Excellent', rating: 'Mid' }),
    });
    renderApp(<ComparePage />, { path: `/compare?a=${A}&b=${B}` });
    expect((await screen.findByTestId('compare-overall')).textContent).toBe('alex wins');
    expect(screen.getAllByTestId('compare-side')).toHaveLength(2);
    const density = screen.getByTestId('compare-row-density');
    expect(density.querySelector('[data-winner]')?.textContent).toContain('Excellent');
    expect(density.lastElementChild?.textContent).toBe('sam');
    expect(screen.getByTestId('compare-row-health').lastElementChild?.textContent).toBe(COMPARE_PAGE_TEXTS.tie);
  });

  it('missing or invalid ids give a clear message', async () => {
    serveShares({ [A]: sharedRating({ shareId: A }) });
    renderApp(<ComparePage />, { path: `/compare?a=${A}` });
    expect(screen.getByTestId('compare-message').textContent).toContain(COMPARE_PAGE_TEXTS.invalid);
    cleanup();
    renderApp(<ComparePage />, { path: `/compare?a=${A}&b=${B}` });
    expect((await screen.findByTestId('compare-message')).textContent).toContain(COMPARE_PAGE_TEXTS.missing);
  });
});
