import { useState, type ReactNode } from 'react';
import { YEARS_UNTIL_BALD_MEANING } from '#shared/hairline-age.ts';
import type { AnalysisResult } from '#shared/schemas.ts';
import { Card } from '#web/components/ui/Card.tsx';
import { AccuracyLink } from '#web/features/accuracy/index.ts';
import { chartData } from './chart-data.ts';
import { CrownPanel } from './CrownPanel.tsx';
import { HairlineVerdict } from './HairlineVerdict.tsx';
import { MetricList } from './MetricList.tsx';
import { MetricsRadar } from './MetricsRadar.tsx';
import { NorwoodPanel } from './NorwoodPanel.tsx';
import { YourProgress } from './YourProgress.tsx';
import { ResultPhoto } from './ResultPhoto.tsx';
import { ScoreBadge } from './ScoreBadge.tsx';

/** `actions`: the owner's buttons (share, challenge, delete), shown under the score. */
export function ResultView({
  result: given,
  premium = true,
  actions,
}: {
  result: AnalysisResult;
  premium?: boolean;
  actions?: ReactNode;
}) {
  // the rating as the owner's answer to "Is this you?" left it (with its progress)
  const [answered, setAnswered] = useState<AnalysisResult | null>(null);
  const result = answered?.id === given.id ? { ...given, ...answered } : given;
  const data = chartData(result);
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="result-view">
      <Card className="flex flex-col items-center gap-4 text-center">
        <ScoreBadge score={result.score} label={result.rating} size="lg" />
        <p className="text-2xl font-black" data-testid="result-rating">
          {result.rating}
        </p>
        <p className="text-sm text-zinc-400">Overall score {result.score} out of 100</p>
        <HairlineVerdict result={result} />
        <AccuracyLink />
        <YourProgress result={result} onAnswered={setAnswered} />
        {actions && <div className="flex flex-wrap justify-center gap-2">{actions}</div>}
        <ResultPhoto
          imageBase64={result.imageBase64}
          overlayBase64={result.overlayBase64}
          view={result.measurements.view}
        />
      </Card>
      <Card>
        <h3 className="text-lg font-bold">Your six metrics</h3>
        <MetricsRadar data={data} />
        <MetricList data={data} />
        <p className="mt-3 text-xs text-zinc-400" data-testid="years-until-bald-meaning">
          Years Until Bald: {YEARS_UNTIL_BALD_MEANING}
        </p>
      </Card>
      <Card>
        <h3 className="text-lg font-bold">Commentary</h3>
        <p className="mt-2 leading-relaxed text-zinc-200">{result.commentary}</p>
        {premium && (
          <>
            <h3 className="mt-6 text-lg font-bold">Hairstyle suggestions</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-zinc-200">
              {result.hairstyleSuggestions.map((s) => (
                <li key={s}>
                  <SuggestionText text={s} />
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
      <NorwoodPanel
        norwoodStage={result.norwoodStage}
        norwoodConfidence={result.norwoodConfidence}
        measurements={result.measurements}
        ageComparison={result.ageComparison}
        hairlineAge={result.hairlineAge}
        yearsUntilBald={result.yearsUntilBald}
      />
      {result.crown && <CrownPanel crown={result.crown} />}
    </div>
  );
}

/** "Buzz cut: one length all over …": the style's name, then its reason (older ratings hold the name alone) */
function SuggestionText({ text }: { text: string }) {
  const at = text.indexOf(': ');
  if (at < 0) return <>{text}</>;
  return (
    <>
      <span className="font-semibold text-zinc-100">{text.slice(0, at)}</span>
      {text.slice(at)}
    </>
  );
}
