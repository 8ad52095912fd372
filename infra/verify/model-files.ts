/** The analysis bundle carries each model file of the manifest where MODEL_CACHE_DIR points, byte for byte. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MODEL_FILES, type ModelFile } from '#shared/model-files.ts';

/** what is wrong with the model files under `<assetDir>/models/`; empty when each is there with its pinned SHA-256 */
export function bundledModelProblems(assetDir: string, models: readonly ModelFile[] = MODEL_FILES): string[] {
  if (!existsSync(assetDir) || !statSync(assetDir).isDirectory()) return [`${assetDir} is not an asset directory`];
  return models.flatMap((m) => {
    const file = path.join(assetDir, 'models', m.name, m.file);
    if (!existsSync(file)) return [`${m.name}/${m.file} is not in the analysis bundle (${file})`];
    const got = createHash('sha256').update(readFileSync(file)).digest('hex');
    return got === m.sha256 ? [] : [`${m.name}/${m.file} in the analysis bundle has SHA-256 ${got}, not ${m.sha256}`];
  });
}
