/** The share card: SVG text escaping, truncation, and the rendered PNG's size (sharp, no fonts fetched). */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  escapeXml,
  renderShareCard,
  shareCardSvg,
  truncate,
} from '#lambdas/domain/share-card.ts';
import { sharedRating } from '#test/support/ratings.ts';

const view = sharedRating();

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<b>"Tom" & 'Jerry'</b>`)).toBe('&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;');
  });

  it('drops characters XML 1.0 cannot hold (controls, lone surrogates) and keeps emoji and accents', () => {
    expect(escapeXml('a\u0000b\u0007c\u001Fd\uFFFFe')).toBe('abcde');
    expect(escapeXml('x\uD800y')).toBe('xy');
    expect(escapeXml('José 💇‍♂️\tok')).toBe('José 💇‍♂️\tok');
  });
});

describe('truncate', () => {
  it('shortens by code points with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('abcdefghijkl', 6)).toBe('abcde…');
    expect(Array.from(truncate('💇💇💇💇💇💇💇', 4))).toHaveLength(4);
    expect(truncate('  many   spaces  ', 20)).toBe('many spaces');
  });
});

describe('shareCardSvg', () => {
  it('is well-formed even for a hostile display name: the name appears only escaped', async () => {
    const hostile = `</text><script>alert(1)</script><image href="https://evil.example/x.png"/>&amp;`;
    const svg = shareCardSvg({ ...view, displayName: hostile }, { withPhoto: false });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('evil.example/x.png"/>');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    // sharp (librsvg) refuses malformed XML: rendering it proves the markup survived intact
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect([meta.width, meta.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
  });

  it('shows the score, label, name, Norwood stage and all six metrics; no external resources, only the bundled font (DejaVu Sans, else sans-serif)', () => {
    const svg = shareCardSvg(view, { withPhoto: false });
    for (const text of [
      '>78<',
      '>W Rizz<',
      '>alex<',
      'Norwood stage 2',
      'Recession',
      'Density',
      'Forehead',
      'Hairline Age',
      'Years Until Bald',
      'Health',
      '>15+ years<',
    ]) {
      expect(svg, text).toContain(text);
    }
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(svg).not.toMatch(/@font-face|@import/);
    for (const family of svg.match(/font-family="[^"]*"/g) ?? [])
      expect(family).toBe('font-family="DejaVu Sans, sans-serif"');
    expect(svg.match(/<rect /g)!.length).toBeGreaterThanOrEqual(1 + 12);
  });
});

describe('renderShareCard', () => {
  it('says the crown was measured on a two-photo rating, and only there', () => {
    expect(shareCardSvg({ ...view, crownMeasured: true }, { withPhoto: false })).toContain('Crown measured too');
    expect(shareCardSvg(view, { withPhoto: false })).not.toContain('Crown');
  });

  it('renders a 1200×630 PNG, with or without the photo', async () => {
    const photo = await sharp({
      create: { width: 300, height: 400, channels: 3, background: { r: 180, g: 140, b: 110 } },
    })
      .jpeg()
      .toBuffer();
    for (const png of [
      await renderShareCard(view),
      await renderShareCard({ ...view, displayName: 'A & <B>' }, photo),
    ]) {
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    }
  });

  it('a stored thumbnail that cannot be decoded leaves the panel empty instead of failing', async () => {
    const png = await renderShareCard(view, Uint8Array.from([0xff, 0xd8, 0xff, 0x00]));
    expect((await sharp(png).metadata()).width).toBe(1200);
  });
});
