import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultFolders, foldersFromTokens, readSet } from '#scripts/analysis/lib/eval/sets.ts';
import { tempDirs } from '#test/support/temp-dirs.ts';

const option = (name: string, value: string) => ({ kind: 'option', name, value });

describe('the folders the eval scores', () => {
  it('each --dir takes the --scale after it, up to the next --dir', () => {
    const folders = foldersFromTokens([
      option('dir', 'a'),
      option('scale', '1:1,2:3'),
      option('csv', 'out.csv'),
      option('dir', 'b'),
      { kind: 'positional', value: 'ignored' },
    ]);
    expect(folders).toEqual([
      { dir: 'a', scale: '1:1,2:3' },
      { dir: 'b', scale: undefined },
    ]);
  });

  it('a --scale before any --dir is refused', () => {
    expect(() => foldersFromTokens([option('scale', '1:1'), option('dir', 'a')])).toThrow(/after the --dir/);
  });

  it('without --dir: the four dev folders under the datasets folder, then the held-out folders built', () => {
    expect(defaultFolders('/data', ['/held/norwood-front-held-out']).map((f) => f.dir)).toEqual([
      '/data/portraits/men',
      '/data/portraits/women',
      '/data/norwood-front',
      '/data/norwood-groups',
      '/held/norwood-front-held-out',
    ]);
  });
});

describe('reading a set', () => {
  const newDir = tempDirs('eval-sets-');
  const folder = (name: string, lines: string[]) => {
    const dir = path.join(newDir(), name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'labels.csv'), ['file,stage', ...lines].join('\n') + '\n');
    return dir;
  };

  it("keeps the first `limit` photos and maps the labels by the folder's --scale", () => {
    const dir = folder('mine', ['a.jpg,1', 'b.jpg,2', 'c.jpg,2']);
    const set = readSet({ dir, scale: '1:1,2:4' }, 2);
    expect(set.id).toBe('mine');
    expect(set.photos.map((p) => p.file)).toEqual(['a.jpg', 'b.jpg']);
    expect(set.info.norwood).toEqual({ 1: 1, 2: 4 });
  });

  it('labels that are no Norwood stage and no mapping: a one-line reason', () => {
    const dir = folder('levels', ['a.jpg,0', 'b.jpg,9']);
    expect(() => readSet({ dir, scale: undefined }, Infinity)).toThrow(/not Norwood stages 1-7/);
  });
});
