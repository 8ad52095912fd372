import { describe, expect, it } from 'vitest';
import { once, onceAsync } from '#shared/once.ts';

describe('once', () => {
  it('makes the value at the first call and keeps it', () => {
    let made = 0;
    const value = once(() => ++made);
    expect([value(), value()]).toEqual([1, 1]);
  });
});

describe('onceAsync', () => {
  it('shares one promise between callers, and keeps its value', async () => {
    let made = 0;
    const load = onceAsync(async () => ++made);
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b, await load(), made]).toEqual([1, 1, 1, 1]);
  });

  it('forgets a failure, so the next call tries again', async () => {
    let calls = 0;
    const load = onceAsync(async () => {
      calls += 1;
      if (calls === 1) throw new Error('cold start');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('cold start');
    expect(await load()).toBe('loaded');
    expect(calls).toBe(2);
  });
});
