/**
 * A two-photo analysis in the history list holds both photos: its first line says so, and a second line gives the crown
 * photo's own score and Norwood stage (the chart's crown point) with its mark against the latest crown photo.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '#shared/schemas.ts';
import { HISTORY_CROWN_TEXTS, HistoryList } from '#web/features/history/HistoryList.tsx';
import { CLOSER_CROWN, crownAlone, faceAlone, twoPhotos } from './history-photos.fixtures.ts';

afterEach(cleanup);

function renderList(items: AnalysisResult[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <HistoryList items={items} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getAllByTestId('history-item');
}

describe('HistoryList: a two-photo analysis', () => {
  it("says it holds both photos and shows the crown photo's own score and stage", () => {
    const [two, lone] = renderList([twoPhotos('t', 20, 62, 41), crownAlone('c', 10, 35)]);
    expect(two!.textContent).toContain(HISTORY_CROWN_TEXTS.withCrown.trim());
    const crown = within(two!).getByTestId('history-crown');
    expect(crown.textContent).toBe(`${HISTORY_CROWN_TEXTS.alone}: 41 · Norwood 4`);
    // the link's accessible name carries both scores
    expect(within(two!).getByRole('link').textContent).toContain('score 62, crown photo on its own 41');
    // the crown alone is compared with the two-photo analysis's crown, the latest crown photo
    expect(within(lone!).getByTestId('history-comparable').textContent).toBe(' · comparable with the latest');
    expect(within(lone!).queryByTestId('history-crown')).toBeNull();
  });

  it("marks the crown photo against the latest crown photo, apart from the face photo's mark", () => {
    const [, older] = renderList([crownAlone('c', 20, 40), twoPhotos('t', 10, 60, 44, { capture: CLOSER_CROWN })]);
    const crown = within(older!).getByTestId('history-crown');
    expect(within(crown).getByTestId('history-comparable').dataset.comparable).toBe('no');
    // the face photo is the only face photo: the latest of its kind, unmarked
    expect(within(older!).getAllByTestId('history-comparable')).toHaveLength(1);
  });

  it('stored before the crown kept its score: the crown line gives its stage only', () => {
    const [two] = renderList([twoPhotos('t', 20, 62, undefined), faceAlone('f', 10, 61)]);
    expect(within(two!).getByTestId('history-crown').textContent).toBe(`${HISTORY_CROWN_TEXTS.alone}: Norwood 4`);
  });

  it("someone else's two-photo analysis: no comparability marks, the identity mark once", () => {
    const [two] = renderList([twoPhotos('x', 20, 62, 41, { identity: 'someone-else' }), crownAlone('c', 10, 35)]);
    expect(within(two!).queryByTestId('history-comparable')).toBeNull();
    expect(within(two!).getByTestId('history-identity')).toBeTruthy();
  });
});
