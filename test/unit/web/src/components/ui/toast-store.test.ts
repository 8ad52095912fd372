/** The toast store: one toast at a time, the newest. */
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, getToasts, toast, TOAST_LIMIT } from '#web/components/ui/toast-store.ts';

afterEach(() => dismissToast());

describe('toasts', () => {
  it('keeps at most one toast', () => {
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: 'first' });
    toast({ title: 'second' });
    expect(getToasts().map((t) => t.title)).toEqual(['second']);
  });
});
