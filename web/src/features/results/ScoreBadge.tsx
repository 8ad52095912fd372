import { scoreBand } from '#shared/scoring.ts';
import { cn } from '#web/components/ui/cn.ts';
import { scoreToneClasses } from './score-style.ts';

/** The score in its band's colours; the label (given or the band's) is for screen readers, shown beside by callers. */
export function ScoreBadge({ score, label, size = 'md' }: { score: number; label?: string; size?: 'md' | 'lg' }) {
  const band = scoreBand(score);
  return (
    <div
      data-testid="score-badge"
      data-tone={band.tone}
      role="img"
      aria-label={`Score ${score} out of 100: ${label ?? band.label}`}
      className={cn(
        'inline-flex flex-col items-center justify-center rounded-full bg-gradient-to-br font-black shadow-lg',
        size === 'lg' ? 'size-36 text-5xl' : 'size-24 text-3xl',
        scoreToneClasses(score),
      )}
    >
      <span>{score}</span>
      <span className={cn('font-bold opacity-80', size === 'lg' ? 'text-sm' : 'text-xs')}>/ 100</span>
    </div>
  );
}
