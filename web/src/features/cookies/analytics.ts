const SCRIPT_ID = 'analytics-tag';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Adds the analytics tag (Google tag) once; called only after 'Accept all'. Does nothing without an id. */
export function loadAnalytics(analyticsId: string | undefined): boolean {
  if (!analyticsId || document.getElementById(SCRIPT_ID)) return false;
  window.dataLayer = window.dataLayer ?? [];
  // the Google tag reads `arguments` objects from dataLayer, not arrays
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', analyticsId, { anonymize_ip: true });
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`;
  document.head.appendChild(script);
  return true;
}
