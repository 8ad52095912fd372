import { withoutCitations } from './citations.ts';
import type { Explanation } from './measurements.ts';

/** Measured values with what each one means: the face photo's key measurements and the crown photo's alike. */
export function MeasurementList({ rows, testId }: { rows: Explanation[]; testId?: string }) {
  return (
    <ul className="mt-2 space-y-3" data-testid={testId}>
      {rows.map((m) => (
        <li key={m.label}>
          <p className="flex justify-between gap-3 text-sm">
            <span className="font-semibold">{m.label}</span>
            <span className="font-mono text-accent-teal">{m.value}</span>
          </p>
          <p className="text-sm text-zinc-400">{withoutCitations(m.text)}</p>
        </li>
      ))}
    </ul>
  );
}
