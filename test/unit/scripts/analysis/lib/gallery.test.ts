import { describe, expect, it } from 'vitest';
import { galleryHtml, worstFirst, type GalleryEntry } from '#scripts/analysis/lib/gallery.ts';
import type { HairlineAnalysis } from '#lambdas/analysis/index.ts';

const jpeg = (byte: number) => new Uint8Array([0xff, 0xd8, byte, 0xff, 0xd9]);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function scored(file: string, stage: number, score: number): GalleryEntry {
  const analysis = {
    score,
    norwoodStage: stage,
    scoreInputs: { view: 'top', features: {} },
    measurements: { view: 'top', hairlineHeightRatio: null, frontalCoverage: 0.5, topCoverage: 0.25 },
  } as unknown as HairlineAnalysis;
  return { set: 'norwood-groups', file, stage, analysis, overlay: jpeg(stage) };
}

describe('the gallery', () => {
  it('puts refused photos first, then the photos whose score ranks furthest from their label', () => {
    const entries = [
      scored('a.jpg', 1, 90),
      scored('b.jpg', 2, 70),
      scored('c.jpg', 3, 95), // a label-3 head scored above all: the worst
      scored('d.jpg', 4, 20),
      { set: 'norwood-groups', file: 'r.jpg', stage: 2, rejected: 'no_head', overlay: jpeg(9) },
    ];
    expect(worstFirst(entries).map((e) => e.file)).toEqual(['r.jpg', 'c.jpg', 'a.jpg', 'b.jpg', 'd.jpg']);
  });

  it("shows the hair model's own mask beside what the engine measured, when it has it", () => {
    const plain = scored('a.jpg', 1, 90);
    const paired = { ...scored('b.jpg', 4, 30), mask: jpeg(42) };
    const html = galleryHtml([plain, paired]);
    const figures = html.split('<figure').slice(1);
    const ofFile = (f: string) => figures.find((fig) => fig.includes(f))!;
    expect(ofFile('b.jpg')).toContain(b64(paired.mask));
    expect(ofFile('b.jpg')).toContain(b64(paired.overlay));
    expect(ofFile('b.jpg').indexOf(b64(paired.mask))).toBeLessThan(ofFile('b.jpg').indexOf(b64(paired.overlay)));
    expect(ofFile('b.jpg')).toMatch(/hair model[\s\S]*engine/);
    expect(ofFile('a.jpg').match(/<img/g)).toHaveLength(1);
    expect(html).toContain("the hair model's own mask");
    expect(galleryHtml([plain])).not.toContain("the hair model's own mask");
  });

  it('escapes what it quotes', () => {
    const html = galleryHtml([{ set: 'x', file: '<b>.jpg', stage: 1, rejected: 'a&b', overlay: jpeg(1) }]);
    expect(html).toContain('&lt;b&gt;.jpg');
    expect(html).toContain('a&amp;b');
    expect(html).not.toContain('<b>.jpg');
  });
});
