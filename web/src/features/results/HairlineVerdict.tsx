import { hairlineWords } from '#shared/hairline-words.ts';
import type { AnalysisResult } from '#shared/schemas.ts';

type Props = { result: Pick<AnalysisResult, 'measurements' | 'norwoodStage' | 'ageComparison'> };

/** "Mature hairline or receding?" in words, with the one-line reason (thresholds: /accuracy, "Mature or receding"). */
export function HairlineVerdict({ result }: Props) {
  const { verdict, reason } = hairlineWords({
    templeRecession: result.measurements.templeRecession,
    templeBareShare: result.measurements.templeBareShare,
    hairlineHeightRatio: result.measurements.hairlineHeightRatio,
    stageEstimate: result.ageComparison?.stageEstimate ?? result.norwoodStage,
  });
  return (
    <p className="text-sm text-zinc-300" data-testid="hairline-verdict">
      <strong className="font-semibold text-zinc-100">{verdict}</strong>: {reason}
    </p>
  );
}
