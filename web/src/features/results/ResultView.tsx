import { useState, type ReactNode } from 'react';
import { YEARS_UNTIL_BALD_MEANING } from '#shared/hairline-age.ts';
import type { AnalysisResult } from '#shared/schemas.ts';
import { Card } from '#web/components/ui/Card.tsx';
import { Disclosure } from '#web/components/ui/Disclosure.tsx';
import { AccuracyLink } from '#web/features/accuracy/index.ts';
import { chartData } from './chart-data.ts';
import { CrownPanel } from './CrownPanel.tsx';
import { HairlineVerdict } from './HairlineVerdict.tsx';
import { METRICS_FROM_ABOVE } from './measurements.ts';
import { MetricList } from './MetricList.tsx';
import { MetricsRadar } from './MetricsRadar.tsx';
import { nextStep } from './next-step.ts';
import { NorwoodPanel } from './NorwoodPanel.tsx';
import { YourProgress } from './YourProgress.tsx';
import { ResultPhoto } from './ResultPhoto.tsx';
import { ScoreBadge } from './ScoreBadge.tsx';

/** where the sources of the hairline-age figures are listed */
export const SOURCES_HREF = '/accuracy#age-heading';

/**
 * A result: first a summary that fits a phone's first screen (score, label, Norwood stage, verdict, the one thing to do
 * next, the owner's buttons), then the details, each closed until asked for. `actions`: the owner's buttons (share,
 * challenge, delete).
 */
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
    <div className="mx-auto grid max-w-3xl gap-4" data-testid="result-view">
      <Card className="flex flex-col gap-3 p-5" data-testid="result-summary">
        <div className="flex items-center gap-4">
          <ScoreBadge score={result.score} label={result.rating} />
          <div className="min-w-0">
            <p className="text-2xl font-black leading-tight" data-testid="result-rating">
              {result.rating}
            </p>
            <p className="text-sm text-zinc-400">Overall score {result.score} out of 100</p>
            <p className="font-semibold text-accent-teal" data-testid="result-stage">
              Norwood stage {result.norwoodStage}
            </p>
          </div>
        </div>
        <HairlineVerdict result={result} />
        <YourProgress result={result} onAnswered={setAnswered} />
        <p
          className="rounded-xl bg-accent-teal/10 px-3 py-2 text-sm font-semibold text-zinc-100"
          data-testid="next-step"
        >
          {nextStep(result)}
        </p>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        <AccuracyLink />
      </Card>
      <Disclosure className="rounded-3xl bg-ink-900/60" title="Your photo and what was measured" testId="details-photo">
        <ResultPhoto
          imageBase64={result.imageBase64}
          overlayBase64={result.overlayBase64}
          view={result.measurements.view}
        />
      </Disclosure>
      <Disclosure className="rounded-3xl bg-ink-900/60" title="Your six metrics" testId="details-metrics">
        <MetricsRadar data={data} />
        <MetricList data={data} />
        {result.measurements.view === 'top' && (
          <p className="mt-3 text-xs text-zinc-400" data-testid="metrics-from-above">
            {METRICS_FROM_ABOVE}
          </p>
        )}
        <p className="mt-3 text-xs text-zinc-400" data-testid="years-until-bald-meaning">
          Years Until Bald: {YEARS_UNTIL_BALD_MEANING}
        </p>
      </Disclosure>
      <Disclosure
        className="rounded-3xl bg-ink-900/60"
        title="Norwood stage and key measurements"
        testId="details-norwood"
      >
        <NorwoodPanel
          norwoodStage={result.norwoodStage}
          norwoodConfidence={result.norwoodConfidence}
          measurements={result.measurements}
          ageComparison={result.ageComparison}
          hairlineAge={result.hairlineAge}
          yearsUntilBald={result.yearsUntilBald}
          photoOf={result.photoOf}
          crown={result.crown}
        />
        <a href={SOURCES_HREF} className="mt-3 inline-block text-sm text-accent-teal underline">
          Sources of the hairline age and the population figures
        </a>
      </Disclosure>
      {result.crown && (
        <Disclosure className="rounded-3xl bg-ink-900/60" title="Crown photo" testId="details-crown">
          <CrownPanel crown={result.crown} />
        </Disclosure>
      )}
      <Disclosure
        className="rounded-3xl bg-ink-900/60"
        title={premium ? 'Commentary and hairstyle suggestions' : 'Commentary'}
        testId="details-words"
      >
        <p className="leading-relaxed text-zinc-200">{result.commentary}</p>
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
      </Disclosure>
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
