import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accuracySummary, galleryEntries, photoCsv } from '#scripts/analysis/lib/eval/outputs.ts';
import { setFigures } from '#scripts/analysis/lib/eval/set-figures.ts';
import { evalRow } from './fake-rows.ts';

describe('the per-photo CSV', () => {
  it('a header, then one line per photo; a refused photo has its code and empty measurements', () => {
    const scored = evalRow(2, 61);
    const refused = evalRow(3, 0, { rejected: 'no_face' });
    const m = scored.analysis!.measurements;
    expect(photoCsv([scored, refused]).split('\n')).toEqual([
      'set,file,stage,score,held_out_score,view,face,rejected,forehead,temples,temple_bare,frontal,top',
      `portraits/men,${scored.file},2,${scored.analysis!.score},61,front,true,,${m.hairlineHeightRatio},${m.templeRecession},${m.templeBareShare ?? ''},${m.frontalCoverage},${m.topCoverage}`,
      `portraits/men,${refused.file},3,,,,,no_face,,,,,`,
      '',
    ]);
  });
});

describe('the summary JSON', () => {
  const set = setFigures('/data/portraits/men', [evalRow(1, 90), evalRow(2, 70)], new Map()).summary;

  it('holds the sets and the stability figures as the public page reads them', () => {
    const summary = accuracySummary([set], [{ transform: 'mirror', medianChange: 2, photos: 3 }], '2026-12-03', 'abc');
    expect(summary.measuredOn).toBe('2026-12-03');
    expect(summary.codeVersion).toBe('abc');
    expect(summary.sets[0]!.id).toBe('portraits/men');
    expect(summary.stability[0]!.transform).toBe('mirror');
  });

  it('a set the schema does not accept is an error, not a file', () => {
    expect(() => accuracySummary([{ ...set, heldOutBy: 'guessed' as 'unseen' }], [], '2026-12-03', 'abc')).toThrow();
  });
});

describe('the gallery entries', () => {
  it("a scored photo shows the engine's overlay, a refused one the photo itself; each with the hair model's mask", async () => {
    const photo = new Uint8Array(
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#884422' } })
        .jpeg()
        .toBuffer(),
    );
    const scored = evalRow(2, 61);
    const refused = evalRow(3, 0, { rejected: 'no_face' });
    const read: string[] = [];
    const entries = await galleryEntries(
      [scored, refused],
      async (file) => (read.push(file), photo),
      async () => new Uint8Array([9]),
    );
    expect(read).toEqual([`/data/portraits/men/${scored.file}`, `/data/portraits/men/${refused.file}`]);
    expect(entries[0]).toMatchObject({ file: scored.file, stage: 2, overlay: scored.analysis!.overlayJpeg });
    expect(entries[1]!.rejected).toBe('no_face');
    expect(await sharp(entries[1]!.overlay).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    expect(entries.map((e) => e.mask)).toEqual([new Uint8Array([9]), new Uint8Array([9])]);
  });
});
