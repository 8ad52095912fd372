/** The export's purchase list and its file name. */
import { describe, expect, it } from 'vitest';
import { exportFileName, purchasesOf } from '#lambdas/domain/export.ts';

describe('purchasesOf', () => {
  it('lists recorded purchases, and sessions credited before purchases were recorded', () => {
    const rec = { sessionId: 'cs_2', credits: 10, amountTotal: 399, currency: 'usd', at: '2026-10-01T00:00:00.000Z' };
    expect(purchasesOf({ processedSessions: ['cs_1', 'cs_2'], purchases: [rec] })).toEqual([
      { sessionId: 'cs_1', credits: null, amountTotal: null, currency: null, at: null },
      rec,
    ]);
    expect(purchasesOf({})).toEqual([]);
  });

  it('names the download by date', () => {
    expect(exportFileName(new Date('2026-03-01T23:59:00Z'))).toBe('hairline-rater-export-2026-03-01.json');
  });
});
