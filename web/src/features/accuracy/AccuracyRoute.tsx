import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

const AccuracyPage = lazy(() => import('./AccuracyPage.tsx'));

const STATIC_ID = 'accuracy-page';

/**
 * /accuracy is read, not used: a visitor who opens it keeps the prerendered markup as it is (React adopts it without
 * the page's component and its figures' JSON: about 12 KB gzip less to load). The markup holds the summary and each
 * detailed section's title only; opening one (or a link to something inside one) loads AccuracyPage and renders it
 * with that section open. A visit from another page of the app (no prerendered markup) renders AccuracyPage at once.
 */
export default function AccuracyRoute() {
  // read once, during hydration: the prerendered page's markup, if this document arrived with it
  const [prerendered] = useState(() =>
    typeof document === 'undefined' ? null : (document.getElementById(STATIC_ID)?.innerHTML ?? null),
  );
  const { hash } = useLocation();
  // the section asked for: its place among the page's <details>, or 'all' for a link into a section
  const [open, setOpen] = useState<'all' | number | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (prerendered !== null && hash && !document.getElementById(decodeURIComponent(hash.slice(1)))) setOpen('all');
  }, [prerendered, hash]);
  useEffect(() => {
    if (open === null || !hash) return;
    const timer = setTimeout(() => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView(), 0);
    return () => clearTimeout(timer);
  });

  const kept = (onClick?: (event: MouseEvent<HTMLDivElement>) => void) => (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- only delegates its links' and sections' clicks (a keyboard's Enter on them is a click)
    <div id={STATIC_ID} onClick={onClick} dangerouslySetInnerHTML={{ __html: prerendered ?? '' }} />
  );
  // one Suspense in every branch, so the tree the browser hydrates is the one the build rendered
  const fallback = prerendered === null ? null : kept();
  if (prerendered === null || open !== null) {
    return (
      <Suspense fallback={fallback}>
        <div id={STATIC_ID}>
          <AccuracyPage key={String(open)} open={open ?? undefined} />
        </div>
      </Suspense>
    );
  }
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    const target = event.target as Element;
    const summary = target.closest('summary');
    if (summary) {
      // a section's title: its content is not in the kept markup, so the page is rendered with it open
      event.preventDefault();
      setOpen(
        [...event.currentTarget.querySelectorAll('details')].indexOf(summary.parentElement as HTMLDetailsElement),
      );
      return;
    }
    // the kept markup's links to other pages of the app go through the router, as its <Link>s did
    const href = target.closest('a')?.getAttribute('href');
    if (!href?.startsWith('/')) return;
    event.preventDefault();
    void navigate(href);
  };
  return <Suspense fallback={fallback}>{kept(onClick)}</Suspense>;
}
