import { describe, expect, it } from 'vitest';
import { DATASETS } from '#scripts/analysis/lib/labels.ts';
import { scorePhotos, type Outcome, type PhotoScorer } from '#scripts/analysis/lib/eval/score-photos.ts';
import type { LabelledSet } from '#scripts/analysis/lib/eval/sets.ts';
import { fakeAnalysis } from './fake-rows.ts';

/** a photo's "bytes" are its file name; the name says whether it is refused or seen from above */
function scorer(): PhotoScorer & { copied: string[] } {
  const copied: string[] = [];
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return {
    copied,
    photoBytes: async (file) => new TextEncoder().encode(file),
    analyse: async (bytes): Promise<Outcome> =>
      text(bytes).includes('refused')
        ? { rejected: 'no_face' }
        : { analysis: fakeAnalysis(2, text(bytes).includes('top') ? 'top' : 'front') },
    hashes: async (bytes) => [BigInt(bytes.length)],
    trainingCopies: async (bytes) => {
      copied.push(text(bytes));
      return { copies: [{ a: 1 }], darker: { a: 2 } };
    },
    fromAbove: (analysis) => analysis.scoreInputs.view !== 'front',
  };
}

const set = (id: string, files: string[]): LabelledSet => ({
  id,
  dir: `/data/${id}`,
  info: DATASETS['norwood-groups']!,
  photos: files.map((file, k) => ({ file, path: `/data/${id}/${file}`, stage: k + 1 })),
});

describe('analysing each photo', () => {
  it('keeps every photo in order with its set, label, hash and outcome; only views from above get training copies', async () => {
    const s = scorer();
    const rows = await scorePhotos([set('norwood-groups', ['face.jpg', 'refused.jpg']), set('other', ['top.jpg'])], s);
    expect(rows.map((r) => [r.set, r.file, r.stage])).toEqual([
      ['norwood-groups', 'face.jpg', 1],
      ['norwood-groups', 'refused.jpg', 2],
      ['other', 'top.jpg', 1],
    ]);
    expect(rows[0]!.analysis?.scoreInputs.view).toBe('front');
    expect(rows[0]!.copies).toBeUndefined();
    expect(rows[1]!.rejected).toBe('no_face');
    expect(rows[1]!.analysis).toBeUndefined();
    expect(rows[2]!.copies).toEqual([{ a: 1 }]);
    expect(rows[2]!.darker).toEqual({ a: 2 });
    expect(s.copied).toEqual(['/data/other/top.jpg']);
    expect(rows[2]!.hash).toEqual([BigInt('/data/other/top.jpg'.length)]);
  });
});
