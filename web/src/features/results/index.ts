/** What other features may use of this feature; everything else in the folder is its own. */
export { MetricList } from './MetricList.tsx';
export { MetricsRadar } from './MetricsRadar.tsx';
export { ResultView } from './ResultView.tsx';
export { ResultsSection } from './ResultsSection.tsx';
export { ScoreBadge } from './ScoreBadge.tsx';
export { chartData } from './chart-data.ts';
export { NORWOOD_DESCRIPTIONS } from './measurements.ts';
export { formatShortDate } from './progress.ts';
export { readLastRatingId, saveLastResult } from './result-storage.ts';
export { scoreToneClasses } from './score-style.ts';
