/**
 * What the eval writes: the per-photo CSV (--csv), the contact sheet (--gallery) and the summary the public /accuracy
 * page reads (--summary-json, shared/accuracy-summary.json).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { AccuracySummarySchema, type AccuracySummary, type LabelledSetSummary } from '#shared/accuracy.ts';
import type { GalleryEntry } from '../gallery.ts';
import type { EvalRow } from './hold-out.ts';

const CSV_HEADER = 'set,file,stage,score,held_out_score,view,face,rejected,forehead,temples,temple_bare,frontal,top';

/** one line per photo: its label, in-sample and held-out score, view and the measurements the score reads */
export function photoCsv(rows: readonly EvalRow[]): string {
  const lines = rows.map((r) => {
    const m = r.analysis?.measurements;
    return [
      r.set,
      r.file,
      r.stage,
      r.analysis?.score ?? '',
      r.heldOutScore ?? '',
      r.analysis?.scoreInputs.view ?? '',
      m ? String(m.faceFound) : '',
      r.rejected ?? '',
      m?.hairlineHeightRatio ?? '',
      m?.templeRecession ?? '',
      m?.templeBareShare ?? '',
      m?.frontalCoverage ?? '',
      m?.topCoverage ?? '',
    ].join(',');
  });
  return `${CSV_HEADER}\n${lines.join('\n')}\n`;
}

/**
 * Every photo's gallery entry, one at a time (each holds a decoded photo and a hair pass): the engine's overlay, or
 * the photo itself when it was refused, and beside it the hair model's own mask (`maskOf`).
 */
export async function galleryEntries(
  rows: readonly EvalRow[],
  photoBytes: (file: string) => Promise<Uint8Array>,
  maskOf: (bytes: Uint8Array) => Promise<Uint8Array>,
): Promise<GalleryEntry[]> {
  const entries: GalleryEntry[] = [];
  for (const r of rows) {
    const bytes = await photoBytes(path.join(r.dir, r.file));
    entries.push({
      set: r.set,
      file: r.file,
      stage: r.stage,
      rejected: r.rejected,
      analysis: r.analysis,
      overlay: r.analysis
        ? r.analysis.overlayJpeg
        : new Uint8Array(await sharp(bytes).resize(320, 320, { fit: 'inside' }).jpeg({ quality: 70 }).toBuffer()),
      mask: await maskOf(bytes),
    });
  }
  return entries;
}

/** the summary as the schema the public page reads holds it: a summary that does not fit it is an error here */
export function accuracySummary(
  sets: readonly LabelledSetSummary[],
  stability: AccuracySummary['stability'],
  measuredOn: string,
  codeVersion: string,
): AccuracySummary {
  return AccuracySummarySchema.parse({ measuredOn, codeVersion, sets, stability });
}

/** the commit measured, `+changes` when the engine's files differ from it */
export function codeVersion(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--', 'lambdas/analysis'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${sha}+changes` : sha;
  } catch {
    return 'unknown';
  }
}
