/**
 * The share card must carry its text in Lambda, where the runtime has no fonts: render it in a process whose fontconfig
 * sees only the DejaVu fonts the function bundles (infra/assets/fonts.conf, pointed at a temp copy here).
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDirs } from '#test/support/temp-dirs.ts';

const tempDir = tempDirs('card-fonts-');

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
const TTF = join(ROOT, 'node_modules/dejavu-fonts-ttf/ttf');

/** Counts the bright pixels of a card whose only content is white text, rendered under the given fontconfig file. */
function litPixels(fontconfigFile: string, text: string): number {
  const script = `
    import sharp from 'sharp';
    import { escapeXml } from ${JSON.stringify(join(ROOT, 'lambdas/domain/share-card.ts'))};
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="120"><rect width="600" height="120" fill="#000"/>'
      + '<text x="10" y="90" font-family="DejaVu Sans, sans-serif" font-size="72" fill="#fff">' + escapeXml(${JSON.stringify(text)}) + '</text></svg>';
    const data = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer();
    console.log(data.filter((v) => v > 128).length);`;
  return Number(
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, FONTCONFIG_FILE: fontconfigFile },
      encoding: 'utf8',
    }).trim(),
  );
}

describe('share card fonts', () => {
  it('draws the text with only the bundled DejaVu fonts', () => {
    const dir = tempDir();
    for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) copyFileSync(join(TTF, file), join(dir, file));
    // the committed fonts.conf with the Lambda paths swapped for this temp folder
    const conf = readFileSync(join(ROOT, 'infra/assets/fonts.conf'), 'utf8')
      .replace('/var/task/fonts', dir)
      .replace('/tmp/fontconfig-cache', join(dir, 'cache'));
    writeFileSync(join(dir, 'fonts.conf'), conf);
    const withText = litPixels(join(dir, 'fonts.conf'), 'W Rizz 78');
    const empty = litPixels(join(dir, 'fonts.conf'), '');
    expect(empty).toBe(0);
    expect(withText).toBeGreaterThan(2000);
  });
});
