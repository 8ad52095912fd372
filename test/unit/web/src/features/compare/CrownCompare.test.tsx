/** The compare page's crown section: shown when either side had a crown photo, photos only when shared. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedRating } from '#shared/schemas.ts';
import ComparePage from '#web/features/compare/ComparePage.tsx';
import { CROWN_COMPARE_TEXTS } from '#web/features/compare/CrownCompare.tsx';
import { sharedRating, TINY_JPEG_BASE64 } from '#test/support/ratings.ts';
import { renderApp } from '#test/unit/web/support/render-helpers.tsx';
import { serveShares } from '#test/unit/web/support/stub-api.ts';

const A = 'AAAAAAAAAAAAAAAAAAAAAA';
const B = 'BBBBBBBBBBBBBBBBBBBBBB';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const withCrown = (overrides: Partial<SharedRating> = {}) =>
  sharedRating({
    crownMeasured: true,
    crown: { norwoodStage: 5, frontalCoverage: 0.62, topCoverage: 0.4 },
    ...overrides,
  });

describe('the compare page: crown photos', () => {
  it('no crown section when neither rating had one', async () => {
    serveShares({ [A]: sharedRating({ shareId: A }), [B]: sharedRating({ shareId: B, displayName: 'sam' }) });
    renderApp(<ComparePage />, { path: `/compare?a=${A}&b=${B}` });
    await screen.findByTestId('compare-overall');
    expect(screen.queryByTestId('compare-crown')).toBeNull();
  });

  it("one side's crown figures, the other said plainly to have none; no photo the shares did not include", async () => {
    serveShares({ [A]: withCrown({ shareId: A }), [B]: sharedRating({ shareId: B, displayName: 'sam' }) });
    renderApp(<ComparePage />, { path: `/compare?a=${A}&b=${B}` });
    const section = await screen.findByTestId('compare-crown');
    const stage = screen.getByTestId('compare-crown-row-norwoodStage');
    expect(stage.children[1]!.textContent).toBe('5');
    expect(stage.children[2]!.textContent).toBe(CROWN_COMPARE_TEXTS.noCrown);
    expect(screen.getByTestId('compare-crown-row-topCoverage').children[1]!.textContent).toBe('40%');
    expect(screen.getByTestId('compare-crown-note').textContent).toBe(
      "sam's rating has no crown photo, so the crowns are not compared.",
    );
    expect(section.querySelector('[data-winner]')).toBeNull();
    expect(screen.queryByTestId('compare-crown-photo')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it('both crowns: the better figure marked, and a crown photo only where its owner shared it', async () => {
    serveShares({
      [A]: withCrown({ shareId: A, crownImageBase64: TINY_JPEG_BASE64 }),
      [B]: withCrown({
        shareId: B,
        displayName: 'sam',
        crown: { norwoodStage: 3, frontalCoverage: 0.7, topCoverage: 0.8 },
      }),
    });
    renderApp(<ComparePage />, { path: `/compare?a=${A}&b=${B}` });
    await screen.findByTestId('compare-crown');
    const stage = screen.getByTestId('compare-crown-row-norwoodStage');
    expect(stage.querySelector('[data-winner]')?.textContent).toContain('3');
    expect(screen.queryByTestId('compare-crown-note')).toBeNull();
    const photos = screen.getAllByTestId('compare-crown-photo');
    expect(photos).toHaveLength(1);
    expect(photos[0]!.getAttribute('alt')).toContain('alex');
  });
});
