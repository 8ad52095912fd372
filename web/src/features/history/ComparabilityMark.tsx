import { COMPARABILITY_TEXTS, type Comparability } from './comparability.ts';

/** " · comparable with the latest", or why not; nothing for ratings stored before capture conditions were kept. */
export function ComparabilityMark({ comparability }: { comparability: Comparability }) {
  if (comparability.kind === 'unknown' || comparability.kind === 'latest') return null;
  const comparable = comparability.kind === 'comparable';
  return (
    <span
      data-testid="history-comparable"
      data-comparable={comparable ? 'yes' : 'no'}
      className={comparable ? 'text-emerald-300' : 'text-amber-200'}
    >
      {' · '}
      {comparable ? COMPARABILITY_TEXTS.comparable : COMPARABILITY_TEXTS.incomparable(comparability.reason)}
    </span>
  );
}
