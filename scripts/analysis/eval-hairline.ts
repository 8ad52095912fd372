/**
 * Scores labelled folders with the engine as the API runs it and prints, per folder: photos and distinct photos,
 * refused, views, faces found, then the HELD-OUT figures the public /accuracy page shows: Spearman rho(score, label)
 * with a 95 % bootstrap interval, AUC lowest vs highest label and between adjacent labels, mean score per label. For the
 * dev folders the fit is made on, "held out" means grouped 5-fold cross-validation pooled over every folder given
 * (copies of one photo, mirrored, turned or brightened, found by perceptual hash, always in one fold); a folder the
 * committed model was never fitted on is held out as it is. In-sample figures are printed for debugging only.
 * Usage: npm run eval:hairline -- [--dir <folder> [--scale 1:1,2:2,3:4] ...] [--csv out.csv] [--stability N]
 *          [--limit N] [--max-side N] [--gallery out.html] [--summary-json out.json]
 * --max-side N shrinks every photo to at most N px on its long side first (JPEG 90): the dev photos as small as another
 * source serves them (official galleries' 260 px portraits); the fit's grouped CV then runs on those measurements.
 * Without --dir: the four dev folders under DATASETS_DIR (default ../shared/datasets), and the held-out folders
 * `npm run datasets:held-out` builds (scripts/analysis/build-held-out.ts), when built.
 * The steps are in lib/eval/ (main.ts names them).
 */
import { numberArg, readArgs, usageError } from '#scripts/lib/cli.ts';
import { main } from './lib/eval/main.ts';
import { foldersFromTokens } from './lib/eval/sets.ts';

const USAGE =
  'npm run eval:hairline -- [--dir <folder> [--scale 1:1,2:2,3:4] ...] [--csv out.csv] [--stability N] [--limit N] ' +
  '[--max-side N] [--gallery out.html] [--summary-json out.json]';
const { values, tokens } = readArgs(USAGE, {
  dir: { type: 'string', multiple: true },
  scale: { type: 'string', multiple: true },
  csv: { type: 'string' },
  stability: { type: 'string' },
  limit: { type: 'string' },
  'max-side': { type: 'string' },
  gallery: { type: 'string' },
  'summary-json': { type: 'string' },
});
const maxSide = numberArg(USAGE, 'max-side', values['max-side'], Infinity);
// the public page's figures are the photos as their sources give them
if (Number.isFinite(maxSide) && values['summary-json']) usageError(USAGE, '--max-side and --summary-json go apart');
let folders;
try {
  folders = foldersFromTokens(tokens);
} catch (e) {
  usageError(USAGE, (e as Error).message);
}

await main({
  folders,
  limit: numberArg(USAGE, 'limit', values.limit, Infinity),
  stability: numberArg(USAGE, 'stability', values.stability, 20),
  maxSide,
  csv: values.csv,
  gallery: values.gallery,
  summaryJson: values['summary-json'],
});
