import type { AnalysisResult } from '#shared/schemas.ts';
import { Card } from '#web/components/ui/Card.tsx';
import { explainHairlineAge } from './hairline-age-rows.ts';
import { MeasurementList } from './MeasurementList.tsx';
import { explainMeasurements, NORWOOD_DESCRIPTIONS, percent, raisedByCrownText } from './measurements.ts';

type Props = Pick<AnalysisResult, 'norwoodStage' | 'norwoodConfidence' | 'measurements'> &
  Partial<Pick<AnalysisResult, 'ageComparison' | 'hairlineAge' | 'yearsUntilBald' | 'photoOf'>> & {
    /** a crown photo joined to the face photo: the face photo's own estimate, when the crown raised the stage above it */
    crown?: { faceStageEstimate?: number | undefined } | undefined;
  };

export function NorwoodPanel(props: Props) {
  const { norwoodStage, norwoodConfidence, measurements, ageComparison, hairlineAge, yearsUntilBald, photoOf, crown } =
    props;
  const raised = raisedByCrownText(norwoodStage, crown?.faceStageEstimate);
  // the hairline age rows come after the measurements; a caller without the two words shows the measurements only
  const ageRows =
    hairlineAge && yearsUntilBald ? explainHairlineAge({ ageComparison, hairlineAge, yearsUntilBald }) : [];
  return (
    <Card>
      <h3 className="text-lg font-bold">
        Norwood stage {norwoodStage}{' '}
        <span className="text-sm font-normal text-zinc-400">(confidence {percent(norwoodConfidence)})</span>
      </h3>
      <p className="mt-1 text-sm text-zinc-300">{NORWOOD_DESCRIPTIONS[norwoodStage]}</p>
      {raised && (
        <p className="mt-1 text-sm text-zinc-300" data-testid="norwood-raised-by-crown">
          {raised}
        </p>
      )}
      <p className="mt-1 text-xs text-zinc-400">
        The Norwood scale runs from 1 (no hair loss) to 7 (advanced hair loss).
      </p>
      <h4 className="mt-4 text-sm font-semibold uppercase tracking-wide text-zinc-400">Key measurements</h4>
      <MeasurementList rows={[...explainMeasurements(measurements, photoOf), ...ageRows]} />
    </Card>
  );
}
