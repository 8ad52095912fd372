/** Where the analysis commands (eval, fit, bench) find their labelled photo folders, and one line when one is missing. */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** the four dev folders the fit is made on, under datasetsRoot() (data-dirs.ts) */
export const DEV_FOLDERS = ['portraits/men', 'portraits/women', 'norwood-front', 'norwood-groups'] as const;

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
