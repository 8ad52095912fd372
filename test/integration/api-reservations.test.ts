/**
 * Credit reservations at the domain level against the stack's DynamoDB Local: refusal and failure refund in one write,
 * the in-flight lock, completion after expiry, and a reservation whose process was killed mid-analysis (refunded on the
 * user's next request once it has expired).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { callerWithCredits, ratingsOf, stackDb, stackDynamo, standInAnalysis, tinyJpeg } from '../support/domain.ts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { analyzeForUser, type AnalysisOutput, type Analyze } from '#lambdas/domain/analyze.ts';
import type { Clock, Db } from '#lambdas/domain/db.ts';
import { RESERVATION_TTL_MS } from '#lambdas/domain/reservations.ts';
import { MAX_REFUSALS_PER_HOUR } from '#lambdas/domain/refusals.ts';
import { ensureProfile, getUser } from '#lambdas/domain/users.ts';
import { photoRefused } from '#lambdas/domain/errors.ts';
import type { DomainEvent } from '#lambdas/domain/events.ts';
import { REPO_ROOT } from '#infra/local/stack.ts';

const stack = inject('stack');
let db: Db;
let thumb: Uint8Array;

beforeAll(async () => {
  db = stackDb(stack);
  thumb = await tinyJpeg();
});

const output = (): AnalysisOutput => standInAnalysis(thumb);

const userWith = (credits: number) => callerWithCredits(db, credits, 'resv');

const image = () => ({ kind: 'image' as const, bytes: thumb });
const later = (ms: number): Clock => ({ now: () => new Date(Date.now() + ms) });

describe('analysis credit reservations (domain, DynamoDB Local)', () => {
  it('a refused photo (422): balance unchanged, no rating, reservation closed', async () => {
    const who = await userWith(1);
    const refuse: Analyze = async () => {
      throw photoRefused('We could not find a head or hair in this photo.', 'no_hair');
    };
    await expect(analyzeForUser({ db, analyze: refuse }, who, image())).rejects.toMatchObject({
      code: 'photo-refused',
    });
    const item = await getUser({ db }, who.userId);
    expect(item?.credits).toBe(1);
    expect(item?.pendingAnalysis).toBeUndefined();
    expect(await ratingsOf(stack, who.userId)).toBe(0);
  });

  it('one credit does not buy unlimited refused analyses: after 10 refusals in an hour, 429 before any credit or model is touched', async () => {
    const who = await userWith(1);
    let calls = 0;
    const refuse: Analyze = async () => {
      calls++;
      throw photoRefused('This photo is too dark to see your hairline.', 'too_dark');
    };
    for (let i = 0; i < MAX_REFUSALS_PER_HOUR; i++) {
      await expect(analyzeForUser({ db, analyze: refuse }, who, image())).rejects.toMatchObject({
        code: 'photo-refused',
      });
    }
    await expect(analyzeForUser({ db, analyze: refuse }, who, image())).rejects.toMatchObject({
      code: 'rate-limited',
      message: expect.stringMatching(/this hour/),
    });
    expect(calls).toBe(MAX_REFUSALS_PER_HOUR);
    expect((await getUser({ db }, who.userId))?.credits).toBe(1);
    // the next clock hour starts a new allowance; failures of ours (5xx) never count against the user
    const nextHour: Clock = { now: () => new Date(Date.now() + 3_600_000) };
    const ok: Analyze = async () => output();
    await expect(analyzeForUser({ db, analyze: ok, clock: nextHour }, who, image())).resolves.toMatchObject({
      score: output().score,
    });
  });

  it('a fault after the reservation (in the analyzer, or in the completing transaction) refunds the credit', async () => {
    const who = await userWith(2);
    const crash: Analyze = async () => {
      throw new Error('injected fault: worker crashed');
    };
    await expect(analyzeForUser({ db, analyze: crash }, who, image())).rejects.toThrow('injected fault');
    expect(await getUser({ db }, who.userId)).toMatchObject({ credits: 2 });

    // the completing transaction fails once: the reservation is refunded, nothing is stored
    const dynamo = stackDynamo(stack);
    const failing: Db = stackDb(stack, {
      tables: dynamo.tables,
      doc: {
        send: (command: unknown) => {
          if (command instanceof TransactWriteCommand)
            return Promise.reject(
              Object.assign(new Error('injected fault: DynamoDB unavailable'), { name: 'InternalServerError' }),
            );
          return dynamo.doc.send(command as never);
        },
      } as typeof dynamo.doc,
    });
    await expect(analyzeForUser({ db: failing, analyze: async () => output() }, who, image())).rejects.toThrow(
      'DynamoDB unavailable',
    );
    const item = await getUser({ db }, who.userId);
    expect(item?.credits).toBe(2);
    expect(item?.pendingAnalysis).toBeUndefined();
    expect(await ratingsOf(stack, who.userId)).toBe(0);

    // and the next analysis works normally
    await analyzeForUser({ db, analyze: async () => output() }, who, image());
    expect(await getUser({ db }, who.userId)).toMatchObject({ credits: 1 });
    expect(await ratingsOf(stack, who.userId)).toBe(1);
  });

  it('a second request while one is in flight is 429 and never reaches the analyzer', async () => {
    const who = await userWith(5);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const slow: Analyze = async () => {
      calls++;
      await gate;
      return output();
    };
    const first = analyzeForUser({ db, analyze: slow }, who, image());
    await expect.poll(() => calls).toBe(1);
    const second = await analyzeForUser({ db, analyze: slow }, who, image()).catch((e: unknown) => e);
    expect(second).toMatchObject({
      code: 'analysis-in-flight',
      message: 'Your previous analysis is still running. Please wait a moment.',
    });
    expect(calls).toBe(1);
    expect(await getUser({ db }, who.userId)).toMatchObject({ credits: 4 });
    release();
    await first;
    expect(await getUser({ db }, who.userId)).toMatchObject({ credits: 4 });
    expect(await ratingsOf(stack, who.userId)).toBe(1);
  });

  it('the client request id is stored on the rating and returned', async () => {
    const who = await userWith(1);
    const result = await analyzeForUser({ db, analyze: async () => output() }, who, image(), {
      clientRequestId: 'web-3f2a9c1e-77aa',
    });
    expect(result.clientRequestId).toBe('web-3f2a9c1e-77aa');
  });

  it('work killed between reserve and completion: the credit is held until the reservation expires, then refunded on the next request', async () => {
    const who = await userWith(1);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'test/support/analyze-and-hang.ts'), who.userId],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...stack.env, DYNAMODB_ENDPOINT: stack.dynamoUrl },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((r) => child.once('exit', r));
    await new Promise<void>((ok, fail) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('analysing') && ok());
      child.once('exit', (code) => fail(new Error(`child exited early (${code})`)));
    });
    child.kill('SIGKILL');
    await exited;

    const held = await getUser({ db }, who.userId);
    expect(held?.credits).toBe(0);
    expect(held?.pendingAnalysis).toMatchObject({ id: expect.any(String) });
    // before it expires the reservation still counts as in flight
    await expect(analyzeForUser({ db, analyze: async () => output() }, who, image())).rejects.toMatchObject({
      code: 'analysis-in-flight',
    });

    // after expiry any signed-in request (ensureProfile) gives the credit back ...
    const afterExpiry = later(RESERVATION_TTL_MS + 1000);
    const events: DomainEvent[] = [];
    expect(await ensureProfile({ db, clock: afterExpiry, events: (e) => events.push(e) }, who)).toMatchObject({
      credits: 1,
    });
    expect(events).toEqual([{ type: 'credit-expired' }]); // counted as CreditsExpired (lambdas/metrics.ts)
    expect((await getUser({ db }, who.userId))?.pendingAnalysis).toBeUndefined();
    expect(await ratingsOf(stack, who.userId)).toBe(0);
    // ... and the credit buys exactly one analysis
    await analyzeForUser({ db, analyze: async () => output() }, who, image());
    expect(await getUser({ db }, who.userId)).toMatchObject({ credits: 0 });
    expect(await ratingsOf(stack, who.userId)).toBe(1);
  });

  it('an expired reservation met by the next analyze request is refunded first, then reserved again', async () => {
    const who = await userWith(1);
    let calls = 0;
    const hang: Analyze = () => {
      calls++;
      return new Promise(() => {});
    };
    void analyzeForUser({ db, analyze: hang }, who, image()); // abandoned, like a dead invocation
    await expect.poll(() => calls).toBe(1);
    // ensureProfile sees it before it expires; the reservation write itself then finds it expired
    const clock = {
      calls: 0,
      now() {
        return new Date(Date.now() + (this.calls++ === 0 ? 0 : RESERVATION_TTL_MS + 1000));
      },
    };
    await analyzeForUser({ db, clock, analyze: async () => output() }, who, image());
    expect(await getUser({ db }, who.userId)).toMatchObject({ credits: 0 });
    expect(await ratingsOf(stack, who.userId)).toBe(1);
  });

  it('an analysis that outlives its reservation stores nothing (409) and the credit stays refunded', async () => {
    const who = await userWith(1);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow: Analyze = async () => {
      await gate;
      return output();
    };
    const running = analyzeForUser({ db, analyze: slow }, who, image()).catch((e: unknown) => e);
    await expect.poll(async () => (await getUser({ db }, who.userId))?.pendingAnalysis).toBeTruthy();
    await ensureProfile({ db, clock: later(RESERVATION_TTL_MS + 1000) }, who); // refunds the expired reservation
    release();
    expect(await running).toMatchObject({ code: 'reservation-lost' });
    expect(await getUser({ db }, who.userId)).toMatchObject({ credits: 1 });
    expect(await ratingsOf(stack, who.userId)).toBe(0);
  });
});
