import { ROUTE } from '#shared/routes.ts';
import { useMutation } from '@tanstack/react-query';
import { PROGRESS_TRACKING_SENTENCE } from '#shared/face-identity.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { call } from '#web/lib/call.ts';

export const PROGRESS_TRACKING_TEXTS = {
  title: 'Progress tracking',
  sentence: PROGRESS_TRACKING_SENTENCE,
  off: 'Off: each new analysis asks “Is this you?” before it joins your progress.',
  turnedOn: 'Progress tracking on',
  turnedOff: 'Progress tracking off: the stored face prints are deleted',
  failed: 'Could not change progress tracking. Please try again.',
} as const;

/** The profile's opt-in (off by default): PATCH /api/me { progressTracking }, then the profile is read again. */
export function ProgressTrackingSetting() {
  const auth = useAuth();
  const on = auth.profile?.progressTracking === true;
  const save = useMutation<void, Error, boolean>({
    mutationFn: async (progressTracking) => {
      await call(ROUTE.patchMe, { body: { progressTracking } });
      await auth.refreshProfile();
    },
    onSuccess: (_, turnedOn) =>
      toast({
        title: turnedOn ? PROGRESS_TRACKING_TEXTS.turnedOn : PROGRESS_TRACKING_TEXTS.turnedOff,
        variant: 'success',
      }),
    onError: () => toast({ title: PROGRESS_TRACKING_TEXTS.failed, variant: 'destructive' }),
  });
  return (
    <section
      aria-labelledby="progress-tracking-title"
      className="rounded-2xl border border-white/10 bg-ink-900/80 p-4 text-sm"
      data-testid="progress-tracking"
    >
      <h2 id="progress-tracking-title" className="font-bold">
        {PROGRESS_TRACKING_TEXTS.title}
      </h2>
      <label className="mt-2 flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-teal-400"
          checked={on}
          disabled={!auth.profile || save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
        />
        <span>{PROGRESS_TRACKING_TEXTS.sentence}</span>
      </label>
      {!on && <p className="mt-2 text-zinc-400">{PROGRESS_TRACKING_TEXTS.off}</p>}
    </section>
  );
}
