import { RETAKE_LABEL } from '#shared/comparable.ts';
import { formatDate } from '#web/lib/dates.ts';
import type { LastCapture } from './last-capture.ts';

// the date as every page writes it (lib/dates.ts)
const shortDate = (iso: string) => formatDate(iso);

/** The choice to retake like last time: a pressed button, with the date of the photo it matches. */
export function RetakeSwitch({
  last,
  on,
  onChange,
}: {
  last: LastCapture;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      <button
        type="button"
        aria-pressed={on}
        onClick={() => onChange(!on)}
        className={
          on
            ? 'rounded-full border border-accent-teal bg-accent-teal/15 px-3 py-1.5 font-semibold text-accent-teal'
            : 'rounded-full border border-white/20 px-3 py-1.5 font-semibold text-zinc-200 hover:border-accent-teal/60'
        }
      >
        {RETAKE_LABEL}
      </button>
      <span className="text-zinc-400">
        {on
          ? `Match the outline of your photo of ${shortDate(last.createdAt)}`
          : `Same pose, distance and light as ${shortDate(last.createdAt)}`}
      </span>
    </div>
  );
}
