/** The crown card of a two-photo result: the crown photo's own score and stage, and its score since the last crown photo. */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { CrownPart } from '#shared/schemas.ts';
import { CrownPanel, crownAloneText } from '#web/features/results/CrownPanel.tsx';
import { CROWN_CAPTURE, topMeasurements } from '#test/support/ratings.ts';

afterEach(cleanup);

/** the card links to the guided retake when the photos were taken too differently */
const renderPanel = (part: CrownPart) =>
  render(
    <MemoryRouter>
      <CrownPanel crown={part} />
    </MemoryRouter>,
  );

const crown = (over: Partial<CrownPart> = {}): CrownPart => ({
  measurements: topMeasurements({ topCoverage: 0.42 }),
  captureConditions: CROWN_CAPTURE,
  norwoodStage: 5,
  score: 24,
  stageEstimate: 5.1,
  faceStageEstimate: 2.1,
  ...over,
});

describe('CrownPanel', () => {
  it("says the crown photo's own score with its band's label, and its own stage", () => {
    renderPanel(crown());
    expect(screen.getByTestId('crown-alone').textContent).toBe(
      'On its own, the crown photo scores 24 (Cooked) and reads as Norwood stage 5.',
    );
    const { score: _stored, ...before } = crown();
    expect(crownAloneText(before)).toBe('On its own, the crown photo reads as Norwood stage 5.');
  });

  it('shows the crown score since the previous crown photo, beside the measured changes', () => {
    const progress = {
      previousId: 'p',
      previousCreatedAt: '2026-10-12T10:00:00.000Z',
      scoreDelta: -3,
      metricDeltas: { topCoverage: -0.05 },
      comparable: true,
    };
    renderPanel(crown({ progress }));
    expect(screen.getByTestId('crown-score-delta').textContent).toBe('Crown score \u22123');
    expect(screen.getByTestId('crown-progress').textContent).toContain('Top coverage down by 5 points');
  });

  it('no score line when the previous crown has no score of its own, nor across photos taken too differently', () => {
    const since = { previousId: 'p', previousCreatedAt: '2026-10-12T10:00:00.000Z' };
    renderPanel(crown({ progress: { ...since, metricDeltas: { norwoodStage: 1 } } }));
    expect(screen.queryByTestId('crown-score-delta')).toBeNull();
    cleanup();
    const differences = [{ condition: 'size' as const, now: 0.3, before: 0.5 }];
    renderPanel(crown({ progress: { ...since, comparable: false, differences } }));
    expect(screen.queryByTestId('crown-score-delta')).toBeNull();
  });
});
