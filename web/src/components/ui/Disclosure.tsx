import type { ReactNode } from 'react';
import { cn } from './cn.ts';

/**
 * A part of a page closed until asked for: a native <details>, so it opens without script, and Chromium opens it when
 * a link or find-in-page targets something inside.
 */
export function Disclosure({
  title,
  testId,
  className,
  children,
}: {
  title: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <details
      className={cn('group rounded-2xl border border-white/10 px-4 py-2 sm:px-6', className)}
      data-testid={testId}
    >
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
