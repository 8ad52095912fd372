import type { ReactNode } from 'react';

/**
 * A part of the page for readers who want the details: closed at first (a native <details>, so it opens without
 * script, and Chromium opens it when a link or find-in-page targets something inside).
 */
export function Collapsed({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="group mt-6 rounded-2xl border border-white/10 bg-ink-900/40 px-4 py-3 sm:px-6">
      <summary className="cursor-pointer list-none py-2 text-lg font-bold marker:hidden">
        <span aria-hidden="true" className="mr-2 inline-block text-accent-teal transition group-open:rotate-90">
          ▸
        </span>
        {title}
      </summary>
      <div className="pb-4">{children}</div>
    </details>
  );
}
