import type { CaptureMode } from './capture-guidance.ts';

const MODES: { mode: CaptureMode; label: string }[] = [
  { mode: 'face', label: 'Hairline' },
  { mode: 'crown', label: 'Crown (top of head)' },
];

const BASE =
  'rounded-lg px-3 py-1.5 text-sm font-semibold transition focus-visible:outline-2 ' +
  'focus-visible:outline-offset-2 focus-visible:outline-accent-teal';

/**
 * Which shot the guidance checks (the hairline: a face expected; the crown: no face, the top of the head), and what the
 * photo is of for the history (the upload panel's own switch, labelled "What the photo shows").
 */
export function CaptureModeSwitch({
  mode,
  onChange,
  label = 'What to photograph',
}: {
  mode: CaptureMode;
  onChange: (mode: CaptureMode) => void;
  label?: string;
}) {
  return (
    <div role="group" aria-label={label} className="mt-3 inline-flex rounded-xl border border-white/10 p-1">
      {MODES.map((m) => (
        <button
          key={m.mode}
          type="button"
          aria-pressed={mode === m.mode}
          onClick={() => onChange(m.mode)}
          className={`${BASE} ${mode === m.mode ? 'bg-white/15 text-white' : 'text-zinc-400 hover:text-zinc-200'}`}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}
