import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from './toast-store.ts';

// Radix Toast and its collection are about 10 KB of script that no page needs before its first toast
const ToastList = lazy(() =>
  import('./ToastList.tsx').then(
    (m) => ({ default: m.ToastList }),
    // offline, the chunk may not load: the message still has to reach the user
    () => ({ default: PlainToasts }),
  ),
);

/** Mounts the toast region with the first toast and keeps it, so a toast's closing animation still plays. */
export function Toaster() {
  const hasToasts = useSyncExternalStore(
    subscribeToasts,
    () => getToasts().length > 0,
    () => false,
  );
  const [wanted, setWanted] = useState(false);
  if (hasToasts && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}

function PlainToasts() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div role="status" className="fixed bottom-0 right-0 z-[100] p-4">
      {toasts
        .filter((t) => t.open)
        .map((t) => (
          <p key={t.id} className="rounded-xl border border-white/15 bg-ink-800 p-4 text-sm text-zinc-100">
            <strong>{t.title}</strong> {t.description}
          </p>
        ))}
    </div>
  );
}
