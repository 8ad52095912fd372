/**
 * The held-out folders (scripts/analysis/lib/held-out-sources.ts) from a clone laid out as the export's: one folder per view
 * the engine reads, labels from the one-hot columns, side views left out, the train split's views from above and behind
 * but not its front views (the dev folder's), one of its turned copies of a photo, and a copy of a dev photo (here
 * mirrored and re-encoded, or turned) never held out; from a checkout laid out as the crown photos' source: labels from the file
 * names, a dev photo's copy and a second copy of one photo left out; from a clone laid out as voteview/member_photos: the
 * earlier portraits by their hand labels, a photo whose bytes changed left out. Synthetic photos on temp folders.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  earlierPortraitsCandidates,
  groupsCandidates,
  roboflowCandidates,
  writeHeldOut,
} from '#scripts/analysis/lib/held-out-sources.ts';
import { datasetInfo } from '#scripts/analysis/lib/labels.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'held-out-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** a photo of its own: stripes at an angle and a colour of its own, so no two share a perceptual hash */
const photo = (seed: number) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="rgb(${(seed * 53) % 256},${(seed * 97) % 256},${(seed * 31) % 256})"/><g transform="rotate(${seed * 37} 80 80)">${[
    0, 1, 2, 3,
  ]
    .map((k) => `<rect x="${k * 40 + (seed % 3) * 7}" y="-80" width="${12 + seed * 3}" height="320" fill="white"/>`)
    .join('')}</g><circle cx="${30 + seed * 11}" cy="${40 + seed * 7}" r="${15 + seed * 2}" fill="black"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
};
const hot = (level: number) => [2, 3, 4, 5, 6, 7].map((l) => (l === level ? 1 : 0)).join(', ');

it('writes a folder per view with its labels and scale, leaves out side views and copies of a dev photo', async () => {
  const from = path.join(dir, 'clone'),
    dev = path.join(dir, 'dev'),
    out = path.join(dir, 'out');
  const rows: Record<string, [string, number, number][]> = {
    valid: [
      ['1-Front_jpg.rf.abcdef0123456789.jpg', 2, 1],
      ['2-Top-Down_jpg.rf.123456abcdef.jpg', 5, 2],
      ['3-Left_jpg.rf.aaaaaa000000.jpg', 4, 3],
    ],
    test: [
      ['4-Back_jpg.rf.bbbbbb111111.jpg', 7, 4],
      ['5-Front_jpg.rf.cccccc222222.jpg', 6, 5],
    ],
    train: [
      ['6-Front_jpg.rf.dddddd333333.jpg', 3, 6],
      ['7-Top-Down_jpg.rf.eeeeee444444.jpg', 4, 7],
      ['7-Top-Down_jpg.rf.ffffff555555.jpg', 4, -7],
    ],
  };
  for (const [split, files] of Object.entries(rows)) {
    mkdirSync(path.join(from, 'src', 'data', split), { recursive: true });
    const csv = ['filename, LEVEL_2, LEVEL_3, LEVEL_4, LEVEL_5, LEVEL_6, LEVEL_7'];
    for (const [file, level, seed] of files) {
      // a negative seed: that photo turned a quarter, as the export's train split holds each photo
      const bytes =
        seed > 0
          ? await photo(seed)
          : await sharp(await photo(-seed))
              .rotate(90)
              .jpeg()
              .toBuffer();
      writeFileSync(path.join(from, 'src', 'data', split, file), bytes);
      csv.push(`${file}, ${hot(level)}`);
    }
    writeFileSync(path.join(from, 'src', 'data', split, '_classes.csv'), csv.join('\n') + '\n');
  }
  // one dev folder holds the second front view mirrored and re-encoded, another the back view turned a quarter
  const [a, b] = [path.join(dev, 'a'), path.join(dev, 'b')];
  mkdirSync(a, { recursive: true });
  mkdirSync(b);
  writeFileSync(
    path.join(a, 's6-copy.jpg'),
    await sharp(await photo(5))
      .flop()
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
  writeFileSync(path.join(a, 's2-other.jpg'), await photo(9));
  writeFileSync(
    path.join(b, 's4-turned.jpg'),
    await sharp(await photo(4))
      .rotate(90)
      .jpeg()
      .toBuffer(),
  );

  const built = await writeHeldOut(await roboflowCandidates(from), [a, b], out);

  expect(built.nearDev).toEqual(['4-Back_jpg.rf.bbbbbb111111.jpg', '5-Front_jpg.rf.cccccc222222.jpg']);
  expect(built.written).toEqual({ 'norwood-front-held-out': 1, 'norwood-top-down-held-out': 2 });
  expect(built.repeated).toEqual(['7-Top-Down_jpg.rf.ffffff555555.jpg']);
  const read = (folder: string, file: string) => readFileSync(path.join(out, folder, file), 'utf8');
  expect(read('norwood-front-held-out', 'labels.csv')).toBe('file,stage\nvalid-1-Front-abcdef.jpg,2\n');
  expect(read('norwood-top-down-held-out', 'labels.csv')).toBe(
    'file,stage\nvalid-2-Top-Down-123456.jpg,5\ntrain-7-Top-Down-eeeeee.jpg,4\n',
  );
  const scale = JSON.parse(read('norwood-top-down-held-out', 'scale.json'));
  expect(scale.norwood).toEqual({ 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7 });
  expect(scale.description).toMatch(/CC BY 4\.0/);
  // a view whose every photo is a dev photo's copy gets no folder; side views get none either
  expect(readdirSync(out).sort()).toEqual(['norwood-front-held-out', 'norwood-top-down-held-out']);
});

it('writes the crown source kept out of the dev folder: groups from the file names, copies left out', async () => {
  const from = path.join(dir, 'checkout'),
    dev = path.join(dir, 'dev'),
    out = path.join(dir, 'out');
  mkdirSync(path.join(from, 'ogdata'), { recursive: true });
  mkdirSync(dev);
  const png = async (seed: number) =>
    sharp(await photo(seed))
      .png()
      .toBuffer();
  writeFileSync(path.join(from, 'ogdata', 'group1_1.png'), await png(1));
  writeFileSync(path.join(from, 'ogdata', 'group4_2.jpeg'), await photo(2));
  writeFileSync(path.join(from, 'ogdata', 'group3_7 2.png'), await png(3));
  writeFileSync(path.join(from, 'ogdata', 'group3_8.png'), await png(3)); // the same photo again
  writeFileSync(path.join(from, 'ogdata', 'group2_4.png'), await png(4)); // a dev photo's source
  writeFileSync(path.join(from, 'ogdata', 'notes.txt'), 'not a photo');
  writeFileSync(path.join(dev, 's2-dev.jpg'), await photo(4));

  const built = await writeHeldOut(await groupsCandidates(from), [dev], out);

  expect(built.nearDev).toEqual(['group2_4.png']);
  expect(built.repeated).toEqual(['group3_8.png']);
  expect(built.written).toEqual({ 'norwood-groups-held-out': 3 });
  const folder = path.join(out, 'norwood-groups-held-out');
  expect(readFileSync(path.join(folder, 'labels.csv'), 'utf8')).toBe(
    'file,stage\ngroup1_1.png,1\ngroup3_7-2.png,3\ngroup4_2.jpeg,4\n',
  );
  expect(readdirSync(folder).sort()).toEqual([
    'group1_1.png',
    'group3_7-2.png',
    'group4_2.jpeg',
    'labels.csv',
    'scale.json',
  ]);
  const scale = JSON.parse(readFileSync(path.join(folder, 'scale.json'), 'utf8'));
  expect(scale.norwood).toEqual({ 1: 1.5, 2: 3, 3: 4.5, 4: 6.5 });
  expect(scale.description).toMatch(/MIT/);
});

it('writes the earlier portraits labelled by hand: men and women apart, the portraits scale, a changed photo left out', async () => {
  const from = path.join(dir, 'member_photos'),
    out = path.join(dir, 'out'),
    labels = path.join(dir, 'labels.csv');
  mkdirSync(path.join(from, 'images', 'bio_guide'), { recursive: true });
  const files = { '000001.jpg': await photo(1), '000002.jpg': await photo(2), '000003.jpg': await photo(3) };
  for (const [file, bytes] of Object.entries(files)) writeFileSync(path.join(from, 'images', 'bio_guide', file), bytes);
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  writeFileSync(
    labels,
    [
      'file,label,sha256',
      `images/bio_guide/000001.jpg,3,${sha(files['000001.jpg'])}`,
      `images/bio_guide/000002.jpg,0,${sha(files['000002.jpg'])}`,
      `images/bio_guide/000003.jpg,4,${sha(files['000001.jpg'])}`, // labelled on other bytes
      `images/bio_guide/000004.jpg,1,${sha(files['000001.jpg'])}`, // not in the clone
    ].join('\n') + '\n',
  );

  const { candidates, changed } = await earlierPortraitsCandidates(from, labels);
  expect(changed).toEqual(['images/bio_guide/000003.jpg', 'images/bio_guide/000004.jpg']);
  const built = await writeHeldOut(candidates, [], out);

  expect(built.written).toEqual({ 'portraits-earlier-men': 1, 'portraits-earlier-women': 1 });
  const men = path.join(out, 'portraits-earlier-men');
  expect(readFileSync(path.join(men, 'labels.csv'), 'utf8')).toBe('file,stage\n000001.jpg,3\n');
  expect(readFileSync(path.join(out, 'portraits-earlier-women', 'labels.csv'), 'utf8')).toBe(
    'file,stage\n000002.jpg,0\n',
  );
  // the eval reads them on the dev portraits' scale, level 3 covering stages 3-5
  const info = datasetInfo(men, [3]);
  expect(info.norwood).toEqual({ 1: 1, 2: 2, 3: 4, 4: 6 });
  expect(info.stages).toEqual({ 3: [3, 5], 4: [6, 7] });
  expect(info.description).toMatch(/never saw/);
});
