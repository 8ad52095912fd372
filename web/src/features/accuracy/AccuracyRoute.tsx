import { lazy, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

const AccuracyPage = lazy(() => import('./AccuracyPage.tsx'));

const STATIC_ID = 'accuracy-page';

/**
 * /accuracy is read, not used: nothing on it changes in the browser. So a visitor who opens it keeps the prerendered
 * markup as it is (React adopts it without the page's component and its figures' JSON: about 12 KB gzip less to
 * load); only a visit from another page of the app (no prerendered markup to keep) loads and renders AccuracyPage.
 */
export default function AccuracyRoute() {
  // read once, during hydration: the prerendered page's markup, if this document arrived with it
  const [prerendered] = useState(() =>
    typeof document === 'undefined' ? null : (document.getElementById(STATIC_ID)?.innerHTML ?? null),
  );
  const navigate = useNavigate();
  if (prerendered === null) {
    return (
      <div id={STATIC_ID}>
        <AccuracyPage />
      </div>
    );
  }
  // the kept markup's links to other pages of the app go through the router, as its <Link>s did
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey)
      return;
    event.preventDefault();
    void navigate(href);
  };
  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- only delegates its links' clicks (keyboard activation of a link is a click)
  return <div id={STATIC_ID} onClick={onClick} dangerouslySetInnerHTML={{ __html: prerendered }} />;
}
