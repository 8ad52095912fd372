import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { determineCredits, parseNumCredits } from '#lambdas/domain/credits.ts';
import { AMOUNT_FALLBACK_BEFORE } from '#shared/packages.ts';

describe('determineCredits', () => {
  it('uses metadata.numCredits when present', async () => {
    expect(
      await determineCredits({
        metadata: { numCredits: '50', packageId: '50-ratings' },
        amountTotal: 699,
        currency: 'usd',
      }),
    ).toEqual({ credits: 50, source: 'metadata' });
  });
  it('an invalid numCredits credits nothing (no fallback)', async () => {
    for (const bad of ['0', '-5', 'abc', '1.5', '', '1e3', '99999999']) {
      expect(
        await determineCredits({
          metadata: { numCredits: bad, packageId: '10-ratings' },
          amountTotal: 399,
          currency: 'usd',
        }),
      ).toBeUndefined();
    }
  });
  it('falls back to the old amount table only without metadata, for sessions created before the cut-off', async () => {
    const createdAt = AMOUNT_FALLBACK_BEFORE - 1;
    expect(await determineCredits({ metadata: {}, amountTotal: 799, currency: 'usd', createdAt })).toEqual({
      credits: 10,
      source: 'amount-fallback',
    });
    expect(await determineCredits({ metadata: {}, amountTotal: 1499, currency: 'usd', createdAt })).toEqual({
      credits: 50,
      source: 'amount-fallback',
    });
    expect(await determineCredits({ metadata: {}, amountTotal: 399, currency: 'usd', createdAt })).toBeUndefined();
    expect(await determineCredits({ metadata: {}, amountTotal: null, currency: 'usd', createdAt })).toBeUndefined();
  });
  it('never credits a session that paid nothing, nor one created since the cut-off or at an unknown time', async () => {
    const refusal = async (src: Parameters<typeof determineCredits>[0]) => {
      const d = await determineCredits(src);
      return d && 'refused' in d ? d.refused : d;
    };
    expect(
      await refusal({ metadata: null, amountTotal: 0, currency: 'usd', createdAt: AMOUNT_FALLBACK_BEFORE - 1 }),
    ).toBeUndefined();
    expect(
      await refusal({ metadata: {}, amountTotal: 799, currency: 'usd', createdAt: AMOUNT_FALLBACK_BEFORE }),
    ).toMatch(/only sessions before our checkout wrote numCredits/);
    expect(await refusal({ metadata: {}, amountTotal: 1499, currency: 'usd' })).toMatch(/unknown time/);
  });
  it('credits a pack only when the session paid its price, in its currency, for its credits', async () => {
    const refused = async (src: Parameters<typeof determineCredits>[0]) => {
      const d = await determineCredits(src);
      return d && 'refused' in d ? d.refused : undefined;
    };
    expect(
      await refused({ metadata: { numCredits: '10000', packageId: '10-ratings' }, amountTotal: 1, currency: 'jpy' }),
    ).toMatch(/10000 credits claimed/);
    expect(
      await refused({ metadata: { numCredits: '10', packageId: '10-ratings' }, amountTotal: 1, currency: 'usd' }),
    ).toMatch(/paid 1, pack 10-ratings costs 399/);
    expect(
      await refused({ metadata: { numCredits: '10', packageId: '10-ratings' }, amountTotal: 399, currency: 'jpy' }),
    ).toMatch(/paid in jpy/);
    expect(await refused({ metadata: { numCredits: '10' }, amountTotal: 399, currency: 'usd' })).toMatch(
      /unknown pack/,
    );
    expect(await refused({ metadata: {}, amountTotal: 799, currency: 'eur' })).toMatch(/paid in eur/);
    expect(
      await determineCredits({
        metadata: { numCredits: '10', packageId: '10-ratings' },
        amountTotal: 399,
        currency: 'USD',
      }),
    ).toEqual({ credits: 10, source: 'metadata' });
  });

  it('parseNumCredits accepts exactly the positive integers up to 10000 (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        const n = parseNumCredits(s);
        if (n !== undefined) {
          expect(Number.isInteger(n) && n > 0 && n <= 10_000).toBe(true);
          expect(String(n)).toBe(s.trim().replace(/^0+/, ''));
        }
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (n) => {
        expect(parseNumCredits(String(n))).toBe(n);
      }),
    );
  });
});
