import type { AnalysisResult } from '#shared/schemas.ts';
import { Card } from '#web/components/ui/Card.tsx';
import { explainMeasurements, NORWOOD_DESCRIPTIONS, percent } from './measurements.ts';

type Props = Pick<AnalysisResult, 'norwoodStage' | 'norwoodConfidence' | 'measurements'>;

export function NorwoodPanel({ norwoodStage, norwoodConfidence, measurements }: Props) {
  return (
    <Card>
      <h3 className="text-lg font-bold">
        Norwood stage {norwoodStage}{' '}
        <span className="text-sm font-normal text-zinc-400">(confidence {percent(norwoodConfidence)})</span>
      </h3>
      <p className="mt-1 text-sm text-zinc-300">{NORWOOD_DESCRIPTIONS[norwoodStage]}</p>
      <p className="mt-1 text-xs text-zinc-400">
        The Norwood scale runs from 1 (no hair loss) to 7 (advanced hair loss).
      </p>
      <h4 className="mt-4 text-sm font-semibold uppercase tracking-wide text-zinc-400">Key measurements</h4>
      <ul className="mt-2 space-y-3">
        {explainMeasurements(measurements).map((m) => (
          <li key={m.label}>
            <p className="flex justify-between gap-3 text-sm">
              <span className="font-semibold">{m.label}</span>
              <span className="font-mono text-accent-teal">{m.value}</span>
            </p>
            <p className="text-sm text-zinc-400">{m.text}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
