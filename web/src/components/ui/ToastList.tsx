import * as ToastPrimitive from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { cn } from './cn.ts';
import { dismissToast, getToasts, subscribeToasts, TOAST_DURATION_MS, type ToastVariant } from './toast-store.ts';

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-white/15 bg-ink-800 text-zinc-100',
  success: 'border-success/50 bg-ink-800 text-zinc-100',
  destructive: 'border-red-500/60 bg-red-950 text-red-50',
};

/** Radix toasts (loaded with the first toast, Toaster.tsx): 5000 ms, swipe right past 50 px to dismiss, F8 focuses the region (Radix's default hotkey). */
export function ToastList() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label="Notification"
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-2xl',
            VARIANT_CLASSES[t.variant ?? 'default'],
          )}
          data-variant={t.variant ?? 'default'}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 text-current/70 hover:text-current"
          >
            <span aria-hidden="true">✕</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
