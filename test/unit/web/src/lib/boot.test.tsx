import { lazy, Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadLazyElements } from '#web/lib/boot.ts';

describe('preloadLazyElements', () => {
  it('loads lazy route components so the first render does not suspend', async () => {
    let calls = 0;
    const Page = lazy(async () => {
      calls++;
      return { default: () => <p>page</p> };
    });
    const tree = (
      <Suspense fallback={<p>spinner</p>}>
        <Page />
      </Suspense>
    );
    await preloadLazyElements([<Page key="page" />, <div key="plain" />, null]);
    expect(calls).toBe(1);
    expect(renderToStaticMarkup(tree)).toBe('<p>page</p>');
    await preloadLazyElements([<Page key="again" />]);
    expect(calls).toBe(1);
  });

  it('does not reject when a chunk fails to load', async () => {
    const Broken = lazy(async () => {
      throw new Error('offline');
    });
    await expect(preloadLazyElements([<Broken key="broken" />])).resolves.toBeUndefined();
  });
});
