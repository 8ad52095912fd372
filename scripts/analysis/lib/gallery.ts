/**
 * A contact sheet of what the engine saw: every photo's overlay with its label, score, view and key measurements, worst
 * first; beside it, when given, the hair model's own mask (mask-overlay.ts), so each of the mask's failure modes is seen
 * before and after the engine's handling.
 */
import type { HairlineAnalysis } from '#lambdas/analysis/offline.ts';
import { ranks } from './stats.ts';

export interface GalleryEntry {
  set: string;
  file: string;
  stage: number;
  rejected?: string;
  analysis?: HairlineAnalysis;
  overlay: Uint8Array;
  /** the hair model's 0.5 decision drawn on the photo, before the engine's geometry and texture gate */
  mask?: Uint8Array;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const pct = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${Math.round(100 * v)}%`);
const num = (v: number | null | undefined) => (v === null || v === undefined ? '–' : v.toFixed(2));

/**
 * "Worst" = furthest from where its label says it belongs: within each folder, the rank of its score against the rank
 * of its label (both as 0..1), so a bald head among the top scores leads the sheet. Refused photos come first.
 */
export function worstFirst(entries: GalleryEntry[]): GalleryEntry[] {
  const misrank = new Map<GalleryEntry, number>();
  for (const set of new Set(entries.map((e) => e.set))) {
    const scored = entries.filter((e) => e.set === set && e.analysis);
    const n = Math.max(1, scored.length - 1);
    const scoreRank = ranks(scored.map((e) => -e.analysis!.score));
    const labelRank = ranks(scored.map((e) => e.stage));
    // one label only (e.g. all full hairlines): the lowest scores are the worst
    const oneLabel = new Set(scored.map((e) => e.stage)).size === 1;
    scored.forEach((e, i) =>
      misrank.set(e, oneLabel ? scoreRank[i]! / n : Math.abs(scoreRank[i]! - labelRank[i]!) / n),
    );
  }
  return [...entries].sort(
    (a, b) => (a.rejected ? -1 : 0) - (b.rejected ? -1 : 0) || (misrank.get(b) ?? 0) - (misrank.get(a) ?? 0),
  );
}

export function galleryHtml(entries: GalleryEntry[]): string {
  const cards = worstFirst(entries).map((e) => {
    const a = e.analysis,
      m = a?.measurements;
    const lines = a
      ? [
          `score <b>${a.score}</b> · ${a.scoreInputs.view} · Norwood ${a.norwoodStage}`,
          m?.hairlineHeightRatio !== null && m?.hairlineHeightRatio !== undefined
            ? `forehead ${num(m.hairlineHeightRatio)} · temples ${num(m.templeLeft)} / ${num(m.templeRight)}`
            : '',
          `coverage front ${pct(m?.frontalCoverage)} · top ${pct(m?.topCoverage)}`,
        ]
      : [`<b>refused</b>: ${esc(e.rejected ?? '')}`];
    const images = e.mask
      ? `<div class="pair">${img(e.mask, `${e.file}: the hair model's mask`, 'hair model')}${img(e.overlay, `${e.file}: what the engine measured`, 'engine')}</div>`
      : img(e.overlay, e.file);
    return (
      `<figure${e.mask ? ' class="wide"' : ''}>${images}` +
      `<figcaption><b>${esc(e.set)}</b> label ${e.stage}<br>${lines.filter(Boolean).join('<br>')}<br><small>${esc(e.file)}</small></figcaption></figure>`
    );
  });
  const paired = entries.some((e) => e.mask);
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Hairline analysis gallery</title>
<style>body{font:13px system-ui,sans-serif;background:#111;color:#eee;margin:12px}main{display:flex;flex-wrap:wrap;gap:10px}
figure{margin:0;width:260px;background:#1c1c1c;padding:6px;border-radius:6px}img{width:100%;height:auto;display:block}figcaption{margin-top:4px;line-height:1.4}
figure.wide{width:530px}.pair{display:flex;gap:6px}.pair>div{flex:1}.pair small{color:#aaa}</style>
<h1>Hairline analysis: ${entries.length} photos, worst-ranked first</h1>${
    paired
      ? `<p>Left: the hair model's own mask (its 0.5 decision, outlined). Right: what the engine measured and shows the user.</p>`
      : ''
  }<main>${cards.join('\n')}</main></html>\n`;
}

function img(jpeg: Uint8Array, alt: string, caption?: string): string {
  const tag = `<img src="data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}" alt="${esc(alt)}">`;
  return caption ? `<div>${tag}<small>${esc(caption)}</small></div>` : tag;
}
