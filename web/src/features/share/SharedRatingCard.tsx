import type { SharedRating } from '#shared/schemas.ts';
import { crownFiguresText } from '#shared/share-card.ts';
import { Card } from '#web/components/ui/Card.tsx';
import { AccuracyLink } from '#web/features/accuracy/index.ts';
import { chartData } from '#web/features/results/index.ts';
import { MetricList } from '#web/features/results/index.ts';
import { MetricsRadar } from '#web/features/results/index.ts';
import { NORWOOD_DESCRIPTIONS } from '#web/features/results/index.ts';
import { ScoreBadge } from '#web/features/results/index.ts';
import { formatShortDate } from '#web/features/results/index.ts';

/** What a share link shows: name, score, label, the six metrics, the Norwood stage, and the photo only if shared. */
export function SharedRatingCard({ share }: { share: SharedRating }) {
  const data = chartData(share);
  // the photo exists only when its owner chose to include it
  const photo = share.imageBase64;
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="shared-rating">
      <Card className="flex flex-col items-center gap-4 text-center">
        <p className="text-lg font-semibold" data-testid="shared-name">
          {share.displayName}
        </p>
        <ScoreBadge score={share.score} label={share.rating} size="lg" />
        <p className="text-2xl font-black" data-testid="shared-label">
          {share.rating}
        </p>
        <p className="text-sm text-zinc-400">
          Overall score {share.score} out of 100 · rated {formatShortDate(share.createdAt)}
        </p>
        <AccuracyLink />
        {photo && (
          <img
            src={`data:image/jpeg;base64,${photo}`}
            alt={`${share.displayName}'s analysed hairline`}
            data-testid="shared-photo"
            className="max-h-80 w-auto rounded-xl border border-white/10 object-contain"
          />
        )}
        {share.crownImageBase64 && (
          <img
            src={`data:image/jpeg;base64,${share.crownOverlayBase64 ?? share.crownImageBase64}`}
            alt={`The top of ${share.displayName}'s head, with the measured zones`}
            data-testid="shared-crown-photo"
            className="max-h-60 w-auto rounded-xl border border-white/10 object-contain"
          />
        )}
        <div className="w-full rounded-xl border border-white/10 bg-ink-950/60 p-3 text-left">
          <p className="font-bold">Norwood stage {share.norwoodStage}</p>
          <p className="mt-1 text-sm text-zinc-300">{NORWOOD_DESCRIPTIONS[share.norwoodStage]}</p>
          {share.crownMeasured && (
            <p className="mt-1 text-xs text-zinc-400" data-testid="shared-crown-measured">
              Crown measured too: the score and stage use a photo of the top of the head as well.
            </p>
          )}
          {share.crown && (
            <p className="mt-1 text-sm text-zinc-300" data-testid="shared-crown-figures">
              {crownFiguresText(share.crown)}
            </p>
          )}
        </div>
      </Card>
      <Card>
        <h2 className="text-lg font-bold">Six metrics</h2>
        <MetricsRadar data={data} />
        <MetricList data={data} />
      </Card>
    </div>
  );
}
