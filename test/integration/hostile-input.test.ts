/**
 * Every file of the hostile corpus goes to /api/upload and /api/analyze-hairline: each gets a clear 4xx or a valid
 * result, never a 5xx; credits move only for a valid result; the server still answers afterwards.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { refusalCounterKey } from '#lambdas/domain/refusals.ts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOSTILE_DIR, hostileSubject, loadHostileCorpus, type HostileCase } from '#scripts/verify/hostile-corpus.ts';
import { requireDatasets, requireModels } from '../support/dataset-photos.ts';
import { AnalysisResultSchema } from '#shared/schemas.ts';
import { api } from '../support/api.ts';
import { createUser, documentClient, setCredits, type TestUser } from '../support/users.ts';

const stack = inject('stack');
const subject = await hostileSubject();
const corpus = await loadHostileCorpus(subject.photo);
let user: TestUser;
const START_CREDITS = 100;

function form(c: HostileCase): FormData {
  const data = new FormData();
  data.append('image', new Blob([readFileSync(join(HOSTILE_DIR, c.file))], { type: c.contentType }), c.file);
  return data;
}

async function credits(): Promise<number> {
  return (await api(stack, '/api/me', { token: user.idToken })).json.credits;
}

beforeAll(async () => {
  user = await createUser(stack, 'hostile');
  await api(stack, '/api/me', { token: user.idToken });
  await setCredits(stack, user.sub, START_CREDITS);
});

describe('hostile input corpus', () => {
  it('holds at least 30 generated files', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
  });

  it.each(corpus.map((c, i) => [c.file, c, i] as const))('POST /api/upload %s', async (_name, c, i) => {
    // each file comes from its own client address, so the per-client upload limit does not mask the input checks
    const headers = { 'cloudfront-viewer-address': `198.51.100.${i + 1}:443` };
    const res = await api(stack, '/api/upload', { method: 'POST', body: form(c), headers });
    expect(res.status, `${c.why}: ${res.text}`).toBeLessThan(500);
    if (c.expect === 'accept' || c.uploadable) expect(res.status, c.why).toBe(201);
    if (c.expect === 'reject' && !c.uploadable) {
      expect(res.status, c.why).toBeGreaterThanOrEqual(400);
      expect(typeof res.json?.message, `${c.why}: clear message`).toBe('string');
    }
  });

  it.for(corpus.map((c) => [c.file, c] as const))('POST /api/analyze-hairline %s', async ([, c], ctx) => {
    requireModels(ctx);
    // only a real photo can be accepted: without the dev sets the subject is a drawn head
    if (c.expect === 'accept' && !subject.real) requireDatasets(ctx);
    // the corpus is mostly refusals: the per-user refusal limit (tested in api-reservations) must not mask the input checks
    await documentClient(stack).send(
      new DeleteCommand({ TableName: stack.env.UPLOADS_TABLE, Key: refusalCounterKey(user.sub, new Date()) }),
    );
    const before = await credits();
    const res = await api(stack, '/api/analyze-hairline', { method: 'POST', token: user.idToken, body: form(c) });
    const after = await credits();
    expect(res.status, `${c.why}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
    if (res.status === 200) {
      expect(c.expect, `${c.why} must not be accepted`).not.toBe('reject');
      expect(AnalysisResultSchema.safeParse(res.json).success).toBe(true);
      expect(after).toBe(before - 1);
    } else {
      expect(c.expect, `${c.why} must be accepted: ${res.text.slice(0, 200)}`).not.toBe('accept');
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(typeof res.json?.message).toBe('string');
      expect(after, 'a rejected photo costs nothing').toBe(before);
    }
  });

  it('leaves the server alive and the balance consistent', async () => {
    expect((await api(stack, '/api/packages')).status).toBe(200);
    const ratings = await api(stack, '/api/ratings?limit=50', { token: user.idToken });
    expect(ratings.status).toBe(200);
    expect(await credits()).toBe(START_CREDITS - ratings.json.items.length);
  });
});
