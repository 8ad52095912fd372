import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** New pages open at the top (the terms page must); in-page anchors keep their own scrolling. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}
