/**
 * Writes the held-out folders (lib/held-out-sources.ts) from the dev folders' sources: a clone of
 * github.com/Rubenvalrom/Multilabel-Baldness-Classification (`--from`) and a checkout of
 * github.com/SquashKiwi/pattern-baldness-cost-estimation at commit 78fe909, the last that holds ogdata/
 * (`--groups-from`); and a source never fitted on, a clone of github.com/voteview/member_photos (`--portraits-from`: the
 * earlier portraits labelled in data/earlier-portraits-labels.csv). Nothing here is committed: `--out` defaults to heldOutRoot() (`.held-out/`, git-ignored), where
 * `eval:hairline` finds them.
 */
import path from 'node:path';
import {
  earlierPortraitsCandidates,
  groupsCandidates,
  roboflowCandidates,
  writeHeldOut,
} from './lib/held-out-sources.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { heldOutRoot } from '#scripts/lib/datasets.ts';
import { readArgs, usageError } from '#scripts/lib/cli.ts';

const USAGE =
  'npm run datasets:held-out -- [--from <clone of Rubenvalrom/Multilabel-Baldness-Classification>] [--groups-from <checkout of SquashKiwi/pattern-baldness-cost-estimation at 78fe909>] [--portraits-from <clone of voteview/member_photos>] [--out <folder>]';
const { values } = readArgs(USAGE, {
  from: { type: 'string' },
  'groups-from': { type: 'string' },
  'portraits-from': { type: 'string' },
  out: { type: 'string' },
});
if (!values.from && !values['groups-from'] && !values['portraits-from'])
  usageError(USAGE, 'give one or more of --from, --groups-from, --portraits-from');
const out = values.out ?? heldOutRoot();
const devDirs = ['norwood-front', 'norwood-groups', 'portraits/men', 'portraits/women'].map((d) =>
  path.join(datasetsRoot(), d),
);
const earlier = values['portraits-from']
  ? await earlierPortraitsCandidates(values['portraits-from'])
  : { candidates: [], changed: [] };
const candidates = [
  ...(values.from ? await roboflowCandidates(values.from) : []),
  ...(values['groups-from'] ? await groupsCandidates(values['groups-from']) : []),
  ...earlier.candidates,
];
const { written, nearDev, repeated } = await writeHeldOut(candidates, devDirs, out);
for (const [folder, n] of Object.entries(written)) console.log(`${path.join(out, folder)}: ${n} photos`);
console.log(`left out as copies of a dev photo: ${nearDev.length}${nearDev.length ? ` (${nearDev.join(', ')})` : ''}`);
console.log(
  `left out as copies of a photo written before: ${repeated.length}${repeated.length ? ` (${repeated.join(', ')})` : ''}`,
);
if (earlier.changed.length)
  console.log(
    `left out as not the photo labelled (SHA-256): ${earlier.changed.length} (${earlier.changed.join(', ')})`,
  );
