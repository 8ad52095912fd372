import { Button } from '#web/components/ui/Button.tsx';
import { formatDate } from '#web/lib/dates.ts';
import { REMINDER_TEXTS } from './reminder-texts.ts';
import { useReminder } from './use-reminder.ts';

const dateOf = (iso: string) => formatDate(iso);

/** Under a signed-in user's result: "Remind me to retake in 4 weeks", off until one click turns it on. */
export function RetakeReminder() {
  const { state, loading, change } = useReminder();
  if (loading || !state) return null;
  const due = state.reminder?.dueAt;
  return (
    <div className="mt-6 flex flex-col items-center gap-2 text-center" data-testid="retake-reminder">
      {due ? (
        <>
          <p className="text-sm text-zinc-200" role="status">
            {REMINDER_TEXTS.on(dateOf(due))}
          </p>
          <Button variant="ghost" size="sm" disabled={change.isPending} onClick={() => change.mutate(false)}>
            {REMINDER_TEXTS.stop}
          </Button>
        </>
      ) : (
        <>
          <Button variant="secondary" disabled={change.isPending} onClick={() => change.mutate(true)}>
            {REMINDER_TEXTS.offer}
          </Button>
          <p className="max-w-md text-xs text-zinc-400">{REMINDER_TEXTS.offerNote}</p>
        </>
      )}
      {change.isError && (
        <p className="text-sm text-red-400" role="alert">
          {REMINDER_TEXTS.failed}
        </p>
      )}
    </div>
  );
}
