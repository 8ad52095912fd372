import type { ReactNode } from 'react';

/**
 * One part of a result below its summary, closed at first (a native <details>): the summary fits a phone's first
 * screen, and the photo, the metrics, the measurements and the words are one tap away.
 */
export function ResultDetails({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <details className="group rounded-3xl border border-white/10 bg-ink-900/60 px-4 py-2 sm:px-6" data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center gap-2 py-3 text-lg font-bold marker:hidden">
        <span aria-hidden="true" className="text-accent-teal transition group-open:rotate-90">
          ▸
        </span>
        {title}
      </summary>
      <div className="pb-4">{children}</div>
    </details>
  );
}
