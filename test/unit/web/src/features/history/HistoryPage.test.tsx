import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { AnalysisResult } from '#shared/schemas.ts';
import { DELETE_TEXTS } from '#web/features/history/DeleteRatingDialog.tsx';
import HistoryPage, { HISTORY_TEXTS } from '#web/features/history/HistoryPage.tsx';
import { analysisResult } from '#test/support/ratings.ts';
import { fakeAuth, renderApp, resetAroundEachTest, signedIn } from '#test/unit/web/support/render-helpers.tsx';

const summary = (r: AnalysisResult) => {
  const { overlayBase64: _overlay, ...rest } = r;
  return rest;
};

function mockHistory() {
  let ratings = [
    analysisResult({ id: 'r3', score: 80, rating: 'W Rizz', createdAt: '2026-10-20T10:00:00.000Z' }),
    analysisResult({ id: 'r2', score: 55, rating: 'Mid', createdAt: '2026-10-12T10:00:00.000Z' }),
    analysisResult({ id: 'r1', score: 20, rating: 'Cooked', createdAt: '2026-10-01T10:00:00.000Z' }),
  ];
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}`);
      if (url.pathname === '/api/ratings') {
        // two per page: the second page starts after the cursor
        const start = url.searchParams.get('cursor') === 'c2' ? 2 : 0;
        const items = ratings.slice(start, start + 2).map(summary);
        return Response.json({ items, nextCursor: start === 0 && ratings.length > 2 ? 'c2' : null });
      }
      const del = /^\/api\/ratings\/(\w+)$/.exec(url.pathname);
      if (del && init.method === 'DELETE') {
        ratings = ratings.filter((r) => r.id !== del[1]);
        return new Response(null, { status: 204 });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  return calls;
}

resetAroundEachTest();

describe('HistoryPage', () => {
  it('signed out, it sends to /auth', () => {
    // real routes: under a catch-all, the redirect to /auth would render the guarded page again, forever
    const routes = (
      <Routes>
        <Route path="/history" element={<HistoryPage />} />
        <Route path="/auth" element={<p>auth page</p>} />
      </Routes>
    );
    renderApp(routes, { auth: fakeAuth(), path: '/history' });
    expect(screen.getByTestId('location').textContent).toBe('/auth');
  });

  it('lists analyses with score and label, pages with Load more, and links each to its detail', async () => {
    const calls = mockHistory();
    renderApp(<HistoryPage />, { auth: signedIn(1), path: '/history' });
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(2));
    expect(screen.getAllByTestId('history-item')[0]!.textContent).toContain('W Rizz');
    expect(screen.getAllByTestId('history-item')[0]!.textContent).toContain('80');
    expect(screen.getByRole('link', { name: /^W Rizz/ }).getAttribute('href')).toBe('/history/r3');
    expect(screen.getByRole('combobox', { name: 'Show' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: HISTORY_TEXTS.more }));
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: HISTORY_TEXTS.more })).toBeNull();
    expect(calls).toContain('GET /api/ratings?limit=12&cursor=c2');
  });

  it('deletes after confirming in a dialog; Cancel keeps it', async () => {
    const calls = mockHistory();
    renderApp(<HistoryPage />, { auth: signedIn(1), path: '/history' });
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(2));
    const first = screen.getAllByTestId('history-item')[0]!;
    fireEvent.click(within(first).getByRole('button', { name: /^Delete the analysis of/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(DELETE_TEXTS.title)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: DELETE_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);

    fireEvent.click(
      within(screen.getAllByTestId('history-item')[0]!).getByRole('button', { name: /^Delete the analysis of/ }),
    );
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: DELETE_TEXTS.confirm }));
    await waitFor(() => expect(calls).toContain('DELETE /api/ratings/r3'));
    await waitFor(() => expect(screen.getAllByTestId('history-item')[0]!.textContent).toContain('Mid'));
  });
});
