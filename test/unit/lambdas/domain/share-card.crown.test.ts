/**
 * The share card of a two-photo rating: the crown's own Norwood stage and coverage as a row under the metrics, the
 * crown thumbnail only beside the face photo, and readPublicShare handing out the crown photo only with includePhoto.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Db } from '#lambdas/domain/db.ts';
import type { UserItem } from '#lambdas/domain/ports/users.ts';
import type { RatingItem } from '#lambdas/domain/rating-item.ts';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  CROWN_INSET,
  PHOTO_BOX,
  renderShareCard,
  shareCardSvg,
} from '#lambdas/domain/share-card.ts';
import { readPublicShare, type ShareItem } from '#lambdas/domain/shares.ts';
import { crownFiguresText } from '#shared/share-card.ts';
import { sharedRating, topMeasurements } from '#test/support/ratings.ts';
import { memoryDb } from '#test/support/memory-stores/index.ts';

const view = sharedRating({
  score: 54,
  rating: 'Mid',
  recessionLevel: 'Medium',
  density: 'Average',
  hairlineAge: 'Mature',
  yearsUntilBald: '5-10 years',
  health: 'Average',
  norwoodStage: 4,
  crownMeasured: true,
  crown: { norwoodStage: 5, frontalCoverage: 0.62, topCoverage: 0.4 },
});

const solid = (r: number, g: number, b: number) =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;

describe('share card: crown figures', () => {
  it("shows the crown photo's own Norwood stage and its coverage instead of only the line", () => {
    for (const withPhoto of [false, true]) {
      const svg = shareCardSvg(view, { withPhoto });
      expect(svg).toContain('>Crown: Norwood 5<');
      expect(svg).toContain('>40%<');
      expect(svg).not.toContain('Crown measured too');
      // the combined stage stays the rating's own
      expect(svg).toContain('Norwood stage 4');
    }
  });

  it('keeps seven rows inside the card, above the footer line', () => {
    const svg = shareCardSvg(view, { withPhoto: true });
    const barYs = [...svg.matchAll(/<rect x="\d+" y="(\d+)" width="\d+" height="14"/g)].map((m) => Number(m[1]));
    expect(Math.max(...barYs) + 14).toBeLessThan(598 - 20);
    const xs = [...svg.matchAll(/<rect x="(\d+)" y="\d+" width="(\d+)" height="14"/g)].map(
      (m) => Number(m[1]) + Number(m[2]),
    );
    expect(Math.max(...xs)).toBeLessThanOrEqual(CARD_WIDTH - 70);
  });

  it('without the crown zone in the photo: the stage alone, no coverage bar', () => {
    const svg = shareCardSvg({ ...view, crown: { ...view.crown!, topCoverage: null } }, { withPhoto: false });
    expect(svg).toContain('>Crown: Norwood 5<');
    expect(svg).not.toContain('%<');
    expect(crownFiguresText({ norwoodStage: 5, topCoverage: null })).toBe('Crown: Norwood stage 5');
    expect(crownFiguresText({ norwoodStage: 5, topCoverage: 0.404 })).toBe('Crown: Norwood stage 5 · 40% covered');
  });

  it('older shares without the figures keep the line', () => {
    const { crown: _crown, ...old } = view;
    expect(shareCardSvg(old, { withPhoto: false })).toContain('Crown measured too');
  });
});

describe('share card: crown thumbnail', () => {
  const centre = { x: CROWN_INSET.left + CROWN_INSET.size / 2, y: CROWN_INSET.top + CROWN_INSET.size / 2 };

  it('the inset sits inside the photo panel', () => {
    expect(CROWN_INSET.left).toBeGreaterThanOrEqual(PHOTO_BOX.left);
    expect(CROWN_INSET.top).toBeGreaterThanOrEqual(PHOTO_BOX.top);
    expect(CROWN_INSET.left + CROWN_INSET.size).toBeLessThanOrEqual(PHOTO_BOX.left + PHOTO_BOX.width);
    expect(CROWN_INSET.top + CROWN_INSET.size).toBeLessThanOrEqual(PHOTO_BOX.top + PHOTO_BOX.height);
  });

  it('is drawn over the face photo, in a 1200×630 PNG', async () => {
    const png = await renderShareCard(view, await solid(40, 120, 200), await solid(255, 0, 0));
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: CARD_WIDTH, height: CARD_HEIGHT });
    expect(isRed(await pixel(png, centre.x, centre.y))).toBe(true);
  });

  it('never without the face photo (no includePhoto, no panel)', async () => {
    const png = await renderShareCard(view, undefined, await solid(255, 0, 0));
    expect(await sharp(png).metadata()).toMatchObject({ width: CARD_WIDTH, height: CARD_HEIGHT });
    expect(isRed(await pixel(png, centre.x, centre.y))).toBe(false);
    const faceOnly = await renderShareCard(view, await solid(40, 120, 200));
    expect(isRed(await pixel(faceOnly, centre.x, centre.y))).toBe(false);
  });
});

/** In-memory stores holding the share, its rating (with the share's id) and its owner. */
function fakeDb(items: { share: ShareItem; rating: RatingItem }): Db {
  const db = memoryDb();
  db.tables.shares.set(items.share.shareId, items.share);
  db.tables.ratings.set(items.rating.id, { ...items.rating, shareId: items.share.shareId });
  db.tables.users.set(items.share.userId, { userId: items.share.userId, username: 'alex' } as UserItem);
  return db;
}

describe('readPublicShare: the crown part', () => {
  const shareId = view.shareId;
  const bytes = (n: number) => Uint8Array.from([0xff, 0xd8, n]);
  // the rating behind the share: the share's own fields (name and crown figures) aside, the same score, words and stage
  const { displayName: _name, crownMeasured: _measured, crown: _crown, ...rated } = view;
  const rating = {
    id: 'r1',
    userId: 'u1',
    ...rated,
    thumbnail: bytes(1),
    crown: {
      measurements: topMeasurements({ confidence: 0.8 }),
      norwoodStage: 5,
      stageEstimate: 5.1,
      faceStageEstimate: 3.9,
      thumbnail: bytes(2),
      overlay: bytes(3),
    },
  } as unknown as RatingItem;
  const share = (includePhoto: boolean): ShareItem => ({
    shareId,
    ratingId: 'r1',
    userId: 'u1',
    anonymous: false,
    includePhoto,
    createdAt: view.createdAt,
    updatedAt: view.createdAt,
  });

  it('gives the crown figures always, and its photo only with includePhoto', async () => {
    const without = await readPublicShare(fakeDb({ share: share(false), rating }), shareId);
    expect(without.view.crown).toEqual({ norwoodStage: 5, frontalCoverage: 0.62, topCoverage: 0.4 });
    expect(without.crownPhoto).toBeUndefined();
    expect(without.photo).toBeUndefined();
    expect(without.view.crownImageBase64).toBeUndefined();
    // the whitelist: nothing else of the crown's measurements
    expect(JSON.stringify(without.view)).not.toMatch(/bareTopShare|confidence|stageEstimate/);

    const withPhoto = await readPublicShare(fakeDb({ share: share(true), rating }), shareId);
    expect(withPhoto.crownPhoto).toEqual(bytes(2));
    expect(withPhoto.photo).toEqual(bytes(1));
  });
});
