/** Helpers shared by the api-*.test.ts integration files (not a test file itself). */
import { join } from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { StackInfo } from '../support/stack-info.ts';
import { api } from '../support/api.ts';
import { datasetPhotos, type Skippable } from '../support/dataset-photos.ts';
import { documentClient, type TestUser } from '../support/users.ts';
import type { StoredRating } from '../support/ratings.ts';
import { expect } from 'vitest';
import { AnalysisResultSchema, type AnalysisResult } from '#shared/schemas.ts';

/** Writes a rating straight into DynamoDB Local (test/support/ratings.ts builds it): history without analyses. */
export async function putStoredRating(stack: StackInfo, item: StoredRating): Promise<string> {
  await documentClient(stack).send(new PutCommand({ TableName: stack.env.RATINGS_TABLE, Item: item }));
  return item.id;
}

/** A few real bowed-head selfies (Norwood 2) from the dev sets; the test skips itself without DATASETS_DIR. */
export async function samplePhotos(ctx: Skippable, count: number): Promise<Buffer[]> {
  return (await datasetPhotos(ctx, { set: 'norwood-front', label: 2, count })).map((p) => p.bytes);
}

export function imageForm(
  bytes: Uint8Array,
  opts: { type?: string; filename?: string; field?: string } = {},
): FormData {
  const form = new FormData();
  form.append(
    opts.field ?? 'image',
    new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'image/jpeg' }),
    opts.filename ?? 'photo.jpg',
  );
  return form;
}

/** One photo analysed through the API for this user, which must succeed (200 and a valid result). */
export async function analyzedOk(stack: StackInfo, user: TestUser, bytes: Uint8Array): Promise<AnalysisResult> {
  const res = await api(stack, '/api/analyze-hairline', {
    method: 'POST',
    token: user.idToken,
    body: imageForm(bytes),
  });
  expect(res.status, res.text).toBe(200);
  return AnalysisResultSchema.parse(res.json);
}

/**
 * The owner's "yes" to "Is this you?" on a rating (PATCH /api/ratings/{id}): the rating as it then reads, with its
 * progress since the owner's previous rating of their own. Without progress tracking every new rating asks first.
 */
export async function itIsMe(stack: StackInfo, token: string, ratingId: string): Promise<AnalysisResult> {
  const res = await api(stack, `/api/ratings/${ratingId}`, { method: 'PATCH', token, body: { isYou: true } });
  expect(res.status, res.text).toBe(200);
  return AnalysisResultSchema.parse(res.json);
}

export async function userItem(stack: StackInfo, sub: string): Promise<Record<string, any> | undefined> {
  const out = await documentClient(stack).send(
    new GetCommand({ TableName: stack.env.USERS_TABLE, Key: { userId: sub }, ConsistentRead: true }),
  );
  return out.Item;
}

export async function creditsOf(stack: StackInfo, sub: string): Promise<number | undefined> {
  return (await userItem(stack, sub))?.credits as number | undefined;
}

/**
 * A 20000 x 20000 PNG of ~1 MB (400 megapixels once decoded), made with sharp. Making it takes ~20 s on this machine,
 * so it is cached in .local/fixtures (git-ignored) after the first run.
 */
export async function decompressionBomb(): Promise<Buffer> {
  const { existsSync, mkdirSync, readFileSync: read, writeFileSync } = await import('node:fs');
  const { default: sharp } = await import('sharp');
  const dir = join(process.cwd(), '.local', 'fixtures');
  const file = join(dir, 'bomb-20000x20000.png');
  if (existsSync(file)) return read(file);
  const bomb = await sharp({
    create: { width: 20000, height: 20000, channels: 3, background: { r: 0, g: 0, b: 0 } },
    limitInputPixels: false,
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, bomb);
  return bomb;
}
