import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { DEFAULT_TITLE, PUBLIC_PAGES, type PublicPageId } from '#shared/site-pages.ts';
import type { PageHandle } from '../routes.tsx';

/** The public page a route match renders (its `handle`, see routes.tsx), if any. */
export function publicPageOf(match: { handle?: unknown } | undefined): PublicPageId | undefined {
  const id = (match?.handle as Partial<PageHandle> | undefined)?.page;
  return id && Object.hasOwn(PUBLIC_PAGES, id) ? id : undefined;
}

/** Public pages carry their own title (prerendered into their HTML too); other pages get the default one back. */
export function usePublicPageTitle(): void {
  const id = publicPageOf(useMatches().at(-1));
  useEffect(() => {
    if (!id) return;
    document.title = PUBLIC_PAGES[id].title;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [id]);
}
