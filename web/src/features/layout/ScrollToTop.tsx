import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * New pages open at the top (the terms page must); in-page anchors keep their own scrolling. The first page is left
 * to the browser: a visitor may already have scrolled the prerendered page before it hydrated.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}
