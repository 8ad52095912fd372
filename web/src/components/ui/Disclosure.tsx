import { useState, type ReactNode } from 'react';
import { cn } from './cn.ts';

/**
 * A part of a page closed until asked for: a native <details>, so it opens without script, and Chromium opens it when
 * a link or find-in-page targets something inside. `lazy`: the content is rendered only once opened (a long table
 * then costs the page's HTML nothing until someone asks for it).
 */
export function Disclosure({
  title,
  testId,
  className,
  lazy = false,
  defaultOpen = false,
  children,
}: {
  title: string;
  testId?: string;
  className?: string;
  lazy?: boolean;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <details
      className={cn('group rounded-2xl border border-white/10 px-4 py-2 sm:px-6', className)}
      data-testid={testId}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 py-3 text-lg font-bold marker:hidden">
        <span aria-hidden="true" className="text-accent-teal transition group-open:rotate-90">
          ▸
        </span>
        {title}
      </summary>
      <div className="pb-4">{!lazy || open ? children : null}</div>
    </details>
  );
}
