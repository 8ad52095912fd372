import { describe, expect, it } from 'vitest';
import { checkStoredResult } from '#web/features/results/stored-result.ts';
import { analysisResult } from '#test/support/ratings.ts';

describe('checkStoredResult', () => {
  it('returns the stored result when its id matches', () => {
    const stored = analysisResult({ id: 'abc' });
    expect(checkStoredResult('abc', JSON.stringify(stored))).toEqual({ kind: 'ok', result: stored });
  });

  it('reports a missing result', () => {
    expect(checkStoredResult('abc', null)).toEqual({ kind: 'missing' });
    expect(checkStoredResult('abc', '')).toEqual({ kind: 'missing' });
  });

  it('reports an id mismatch', () => {
    expect(checkStoredResult('abc', JSON.stringify(analysisResult({ id: 'other' })))).toEqual({ kind: 'mismatch' });
  });

  it('reports text that cannot be parsed, or that is not a result', () => {
    expect(checkStoredResult('abc', '{not json')).toEqual({ kind: 'invalid' });
    expect(checkStoredResult('abc', JSON.stringify({ id: 'abc', score: 'high' }))).toEqual({ kind: 'invalid' });
    expect(checkStoredResult('abc', '42')).toEqual({ kind: 'invalid' });
  });
});
