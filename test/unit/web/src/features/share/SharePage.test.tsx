import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import SharePage, { SHARE_PAGE_TEXTS } from '#web/features/share/SharePage.tsx';
import { sharedRating, TINY_JPEG_BASE64 } from '#test/support/ratings.ts';
import { renderApp, resetAroundEachTest } from '#test/unit/web/support/render-helpers.tsx';
import { serveShares } from '#test/unit/web/support/stub-api.ts';

const A = 'AAAAAAAAAAAAAAAAAAAAAA';

const shareRoute = (
  <Routes>
    <Route path="/r/:shareId" element={<SharePage />} />
  </Routes>
);

resetAroundEachTest();

describe('the public share page', () => {
  it('shows name, score, label, metrics and Norwood stage, without a photo unless shared', async () => {
    serveShares({ [A]: sharedRating({ shareId: A }) });
    renderApp(shareRoute, { path: `/r/${A}` });
    expect((await screen.findByTestId('shared-name')).textContent).toBe('alex');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('alex scored 78');
    expect(screen.getByTestId('shared-label').textContent).toBe('W Rizz');
    expect(screen.getByText('Norwood stage 2')).toBeTruthy();
    expect(screen.getByText('Years Until Bald')).toBeTruthy();
    expect(screen.queryByTestId('shared-photo')).toBeNull();
    expect(screen.getByRole('link', { name: SHARE_PAGE_TEXTS.rate }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: SHARE_PAGE_TEXTS.compare }).getAttribute('href')).toBe(`/?challenge=${A}`);
    expect(screen.getByRole('link', { name: 'How accurate is it?' }).getAttribute('href')).toBe('/accuracy');
  });

  it('shows the photo when the response has it', async () => {
    serveShares({ [A]: sharedRating({ shareId: A, imageBase64: TINY_JPEG_BASE64 }) });
    renderApp(shareRoute, { path: `/r/${A}` });
    expect((await screen.findByTestId('shared-photo')).getAttribute('src')).toContain('data:image/jpeg;base64,');
  });

  it("a two-photo rating: the crown photo's own stage and crown coverage", async () => {
    serveShares({
      [A]: sharedRating({
        shareId: A,
        crownMeasured: true,
        crown: { norwoodStage: 5, frontalCoverage: 0.62, topCoverage: 0.4 },
      }),
    });
    renderApp(shareRoute, { path: `/r/${A}` });
    expect((await screen.findByTestId('shared-crown-figures')).textContent).toBe(
      'Crown: Norwood stage 5 · 40% covered',
    );
    expect(screen.queryByTestId('shared-crown-photo')).toBeNull();
  });

  it('a removed or unknown link says so', async () => {
    serveShares({});
    renderApp(shareRoute, { path: `/r/${A}` });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(SHARE_PAGE_TEXTS.gone);
  });
});
