import { describe, expect, it } from 'vitest';
import { formatDate } from '#web/lib/dates.ts';

const NOW = new Date('2026-12-03T12:00:00Z');

describe("one date format, in the visitor's language", () => {
  it("day and short month, the year only when it is another year's, in the browser's language", () => {
    expect(formatDate('2026-10-12T10:00:00Z', { now: NOW })).toBe('12 Oct');
    expect(formatDate('2025-10-12T10:00:00Z', { now: NOW })).toBe('12 Oct 2025');
    expect(formatDate('2026-10-12T10:00:00Z', { now: NOW, locale: 'en-US' })).toBe('Oct 12');
    expect(formatDate('2026-10-12T10:00:00Z', { now: NOW, locale: 'de-DE' })).toBe('12. Okt.');
    expect(formatDate('not a date')).toBe('');
  });
});
