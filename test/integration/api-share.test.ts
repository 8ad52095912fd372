/**
 * Sharing (issue #8) against the real local stack: the owner's share link, the public JSON, the 1200×630 card, the
 * /r/ page with Open Graph tags (built from the Vite server's index.html), revocation, and who may do what.
 */
import sharp from 'sharp';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod/mini';
import { ShareCreatedSchema, SharedRatingSchema } from '#shared/schemas.ts';
import { api } from '../support/api.ts';
import { documentClient, type TestUser, userWithCredits } from '../support/users.ts';
import { sharedRating, storedRating } from '../support/ratings.ts';
import { putStoredRating } from './api-support.ts';

const stack = inject('stack');
let thumb: Uint8Array;
let overlay: Uint8Array;

beforeAll(async () => {
  thumb = new Uint8Array(
    await sharp({ create: { width: 240, height: 320, channels: 3, background: { r: 150, g: 110, b: 80 } } })
      .jpeg()
      .toBuffer(),
  );
  overlay = new Uint8Array(
    await sharp({ create: { width: 240, height: 320, channels: 3, background: { r: 20, g: 200, b: 80 } } })
      .jpeg()
      .toBuffer(),
  );
});

const seedRating = (userId: string) =>
  putStoredRating(
    stack,
    storedRating(
      { id: `share-${userId.slice(0, 8)}-${Math.random().toString(36).slice(2, 10)}`, userId, thumbnail: thumb },
      { commentary: 'private commentary', overlay },
    ),
  );

const share = (user: TestUser, ratingId: string, body: unknown = {}) =>
  api(stack, `/api/ratings/${ratingId}/share`, { method: 'POST', token: user.idToken, body });
const revoke = (user: TestUser, ratingId: string) =>
  api(stack, `/api/ratings/${ratingId}/share`, { method: 'DELETE', token: user.idToken });
const publicJson = (shareId: string) => api(stack, `/api/shares/${shareId}`);
const card = (shareId: string) => fetch(`${stack.gatewayUrl}/api/shares/${shareId}/card.png`);
const page = (shareId: string) => fetch(`${stack.gatewayUrl}/r/${shareId}`);

/** Sets the stored username as a Google sign-in would (any characters), bypassing PATCH /api/me's stricter rule. */
async function setUsername(sub: string, username: string) {
  await documentClient(stack).send(
    new UpdateCommand({
      TableName: stack.env.USERS_TABLE,
      Key: { userId: sub },
      UpdateExpression: 'SET username = :u',
      ExpressionAttributeValues: { ':u': username },
    }),
  );
}

/** Nothing of the owner's identity or the private parts of the rating in a public answer. */
function expectNoPrivateData(text: string, user: TestUser) {
  expect(text).not.toContain(user.email);
  expect(text).not.toContain(user.sub);
  expect(text).not.toMatch(/userId|email|stripe|cus_|commentary|private commentary|measurements|processedSessions/i);
}

describe('share links', () => {
  it('create → public view → photo → anonymous → card → page → revoke', async () => {
    const user = await userWithCredits(stack, 0, 'sharer');
    const ratingId = await seedRating(user.sub);

    // create: 201 with an unguessable id and the site URL
    const created = await share(user, ratingId);
    expect(created.status, created.text).toBe(201);
    const link = ShareCreatedSchema.parse(created.json);
    expect(link.shareId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(link).toEqual({
      shareId: link.shareId,
      url: `${stack.env.SITE_URL}/r/${link.shareId}`,
      anonymous: false,
      includePhoto: false,
    });

    // public, without a token: the username and score, nothing private, no photo
    const view = await publicJson(link.shareId);
    expect(view.status, view.text).toBe(200);
    expect(z.strictObject(SharedRatingSchema.shape).parse(view.json)).toEqual(
      sharedRating({ shareId: link.shareId, displayName: user.username, createdAt: expect.any(String) as string }),
    );
    expect(view.json).not.toHaveProperty('imageBase64');
    expect(view.json).not.toHaveProperty('overlayBase64');
    expectNoPrivateData(view.text, user);

    // sharing again: the same id, options updated (200); with the photo
    const withPhoto = await share(user, ratingId, { includePhoto: true });
    expect(withPhoto.status).toBe(200);
    expect(withPhoto.json).toMatchObject({ shareId: link.shareId, includePhoto: true, anonymous: false });
    const photoView = await publicJson(link.shareId);
    expect(photoView.json.imageBase64).toBe(Buffer.from(thumb).toString('base64'));
    expect(photoView.json.overlayBase64).toBe(Buffer.from(overlay).toString('base64'));
    expect(photoView.json.displayName).toBe(user.username);
    expectNoPrivateData(photoView.text, user);

    // anonymous (the photo option is kept when not given)
    const anon = await share(user, ratingId, { anonymous: true });
    expect(anon.json).toMatchObject({ shareId: link.shareId, anonymous: true, includePhoto: true });
    const anonView = await publicJson(link.shareId);
    expect(anonView.json.displayName).toBe('Anonymous');
    expect(anonView.text).not.toContain(user.username);
    await share(user, ratingId, { anonymous: false, includePhoto: false });

    // the card: a 1200×630 PNG, cacheable for 5 minutes
    const png = await card(link.shareId);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe('public, max-age=300');
    const meta = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });

    // the page: the SPA's index.html (from the Vite server) with Open Graph tags and the name escaped
    const hostileName = `O'Brien <b>&"co"`;
    await setUsername(user.sub, hostileName);
    const res = await page(link.shareId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const escaped = 'O&#39;Brien &lt;b&gt;&amp;&quot;co&quot;';
    expect(html).toContain(`<meta property="og:title" content="${escaped} scored 78 – W Rizz on Hairline Rater" />`);
    expect(html).toContain(
      `<meta property="og:image" content="${stack.env.SITE_URL}/api/shares/${link.shareId}/card.png" />`,
    );
    expect(html).toContain(`<meta property="og:url" content="${stack.env.SITE_URL}/r/${link.shareId}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<title>${escaped} scored 78`);
    expect(html).not.toContain('<b>&');
    expect(html).toContain('<div id="root"'); // the SPA itself
    expect(html).not.toContain(user.email);
    expect(html).not.toContain(user.sub);

    // revoke: 204, then all three public endpoints are 404; revoking again is fine
    const revoked = await revoke(user, ratingId);
    expect(revoked.status, revoked.text).toBe(204);
    const gone = await publicJson(link.shareId);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({ message: 'Share not found' });
    expect((await card(link.shareId)).status).toBe(404);
    const gonePage = await page(link.shareId);
    expect(gonePage.status).toBe(404);
    const goneHtml = await gonePage.text();
    expect(goneHtml).toContain('<meta name="robots" content="noindex" />');
    expect(goneHtml).toContain('<div id="root"');
    expect(goneHtml).not.toContain('og:image');
    expect((await revoke(user, ratingId)).status).toBe(204);
    const { Item } = await documentClient(stack).send(
      new GetCommand({ TableName: stack.env.RATINGS_TABLE, Key: { id: ratingId }, ConsistentRead: true }),
    );
    expect(Item).toBeDefined();
    expect(Item).not.toHaveProperty('shareId');

    // sharing after a revoke makes a new link
    const fresh = await share(user, ratingId);
    expect(fresh.status).toBe(201);
    expect(fresh.json.shareId).not.toBe(link.shareId);
  });

  it('another user can neither share nor revoke my rating (404), and my link keeps working', async () => {
    const owner = await userWithCredits(stack, 0, 'proud');
    const other = await userWithCredits(stack, 0, 'meddler');
    const ratingId = await seedRating(owner.sub);
    const { json: link } = await share(owner, ratingId);
    for (const res of [
      await share(other, ratingId, { anonymous: true }),
      await revoke(other, ratingId),
      await share(other, 'no-such-rating'),
      await revoke(other, 'no-such-rating'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Rating not found' });
    }
    const view = await publicJson(link.shareId);
    expect(view.status).toBe(200);
    expect(view.json.displayName).toBe(owner.username);
    expect((await api(stack, `/api/ratings/${ratingId}/share`, { method: 'POST', body: {} })).status).toBe(401);
  });

  it('one link per rating under concurrent creation', async () => {
    const user = await userWithCredits(stack, 0, 'eager');
    const ratingId = await seedRating(user.sub);
    const all = await Promise.all(Array.from({ length: 6 }, () => share(user, ratingId)));
    expect(all.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    expect(all.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(new Set(all.map((r) => r.json.shareId)).size).toBe(1);
  });

  it('400 for a bad body; 404 for malformed or unknown share ids on every public endpoint', async () => {
    const user = await userWithCredits(stack, 0, 'picky');
    const ratingId = await seedRating(user.sub);
    for (const body of [{ anonymous: 'yes' }, { includePhoto: 1 }, { extra: true }]) {
      const res = await share(user, ratingId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const id of ['short', 'A'.repeat(22), `${'a'.repeat(21)}!`]) {
      expect((await publicJson(encodeURIComponent(id))).status, id).toBe(404);
      expect((await card(encodeURIComponent(id))).status, id).toBe(404);
      expect((await page(encodeURIComponent(id))).status, id).toBe(404);
    }
  });

  it('deleting the rating or the account deletes its share', async () => {
    const user = await userWithCredits(stack, 0, 'leaver');
    const first = await seedRating(user.sub);
    const second = await seedRating(user.sub);
    const { json: a } = await share(user, first);
    const { json: b } = await share(user, second, { includePhoto: true });

    expect((await api(stack, `/api/ratings/${first}`, { method: 'DELETE', token: user.idToken })).status).toBe(204);
    expect((await publicJson(a.shareId)).status).toBe(404);
    expect((await publicJson(b.shareId)).status).toBe(200);

    expect((await api(stack, '/api/me', { method: 'DELETE', token: user.idToken })).status).toBe(204);
    expect((await publicJson(b.shareId)).status).toBe(404);
    for (const shareId of [a.shareId, b.shareId]) {
      const { Item } = await documentClient(stack).send(
        new GetCommand({ TableName: stack.env.SHARES_TABLE, Key: { shareId }, ConsistentRead: true }),
      );
      expect(Item, shareId).toBeUndefined();
    }
  });
});
