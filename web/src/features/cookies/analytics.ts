const SCRIPT_ID = 'analytics-tag';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * A page's address as the analytics provider gets it: without its query and fragment, which can hold what is no one
 * else's business (`/unsubscribe?token=…`, `/checkout-success?session_id=…`).
 */
export function analyticsLocation(href: string): string {
  try {
    const url = new URL(href);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '';
  }
}

/**
 * Adds the analytics tag (Google tag) once; called only after 'Accept all'. Does nothing without an id. Its page view
 * carries the page's and the referrer's addresses without their queries (analyticsLocation).
 */
export function loadAnalytics(analyticsId: string | undefined): boolean {
  if (!analyticsId || document.getElementById(SCRIPT_ID)) return false;
  window.dataLayer = window.dataLayer ?? [];
  // the Google tag reads `arguments` objects from dataLayer, not arrays
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', analyticsId, {
    anonymize_ip: true,
    page_location: analyticsLocation(window.location.href),
    page_referrer: analyticsLocation(document.referrer),
  });
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`;
  document.head.appendChild(script);
  return true;
}
