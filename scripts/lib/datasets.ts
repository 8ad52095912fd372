/** Where the analysis commands (eval, fit, bench) find their labelled photo folders, and one line when one is missing. */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** the four dev folders the fit is made on, under datasetsRoot() (infra/data-dirs.ts) */
export const DEV_FOLDERS = ['portraits/men', 'portraits/women', 'norwood-front', 'norwood-groups'] as const;

/** the folders `npm run datasets:held-out` writes (scripts/analysis/build-held-out.ts): photos the fit never saw */
export const HELD_OUT_FOLDERS = [
  'norwood-front-held-out',
  'norwood-top-down-held-out',
  'norwood-back-held-out',
  'norwood-groups-held-out',
  'portraits-earlier-men',
  'portraits-earlier-women',
] as const;

/** where those folders are: HELD_OUT_DIR, else .held-out/ in the checkout (git-ignored) */
export function heldOutRoot(): string {
  return process.env.HELD_OUT_DIR ?? path.resolve(import.meta.dirname, '..', '..', '.held-out');
}

/** the held-out folders that have been built, by their paths */
export function builtHeldOutFolders(): string[] {
  return HELD_OUT_FOLDERS.map((f) => path.join(heldOutRoot(), f)).filter((d) => existsSync(path.join(d, 'labels.csv')));
}

/** Exits with one line saying what is missing when a folder has no labels.csv. */
export function requireLabelledFolders(command: string, dirs: readonly string[]): void {
  for (const dir of dirs) {
    if (existsSync(path.join(dir, 'labels.csv'))) continue;
    console.error(
      `${command}: no labels.csv in ${dir} (give the labelled folders, or set DATASETS_DIR to the folder holding the dev sets)`,
    );
    process.exit(2);
  }
}
