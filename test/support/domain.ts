/**
 * What the tests of the domain share, in memory (unit) as on the stack's DynamoDB Local (integration): the stores over
 * DynamoDB Local, callers, a tiny JPEG and a stand-in analysis.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createDynamo } from '#lambdas/adapters/dynamo.ts';
import { dynamoStores, type Dynamo } from '#lambdas/adapters/store/index.ts';
import { readEnv } from '#lambdas/config/env.ts';
import type { AnalysisOutput, CrownOutput } from '#lambdas/domain/analyze.ts';
import type { Caller } from '#lambdas/domain/caller.ts';
import type { Db } from '#lambdas/domain/db.ts';
import { scoreFromStage } from '#shared/score-map.ts';
import { ensureProfile } from '#lambdas/domain/users.ts';
import { CROWN_CAPTURE, ratingFields, topMeasurements } from './ratings.ts';
import type { StackInfo } from './stack-info.ts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';

/** The stack's DynamoDB Local: the client and table names, for arranging and checking what the stores wrote. */
export function stackDynamo(stack: StackInfo): Dynamo {
  return createDynamo(readEnv({ ...stack.env, DYNAMODB_ENDPOINT: stack.dynamoUrl }));
}

/** How many ratings the stack's ratings table holds for a user (every page of the byUser index). */
export async function ratingsOf(stack: StackInfo, userId: string): Promise<number> {
  const { doc, tables } = stackDynamo(stack);
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: tables.ratings,
        IndexName: 'byUser',
        KeyConditionExpression: 'userId = :u',
        ExpressionAttributeValues: { ':u': userId },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** The domain's stores over the stack's DynamoDB Local (or over `dynamo`, when a test wraps the client). */
export function stackDb(stack: StackInfo, dynamo: Dynamo = stackDynamo(stack)): Db {
  return dynamoStores(dynamo);
}

/** a 64×64 JPEG: stands in for the photo and for the result's thumbnail and overlay */
export async function tinyJpeg(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 60, b: 30 } } })
      .jpeg()
      .toBuffer(),
  );
}

/** What the engine would return, for tests that inject their own analyzer instead of the real model. */
export function standInAnalysis(image: Uint8Array): AnalysisOutput {
  return { ...ratingFields(), thumbnailJpeg: image, overlayJpeg: image };
}

/** The crown part the engine would return beside a face photo: its own top view, estimates and images. */
export function standInCrown(image: Uint8Array): CrownOutput {
  return {
    measurements: topMeasurements(),
    norwoodStage: 4,
    // the crown photo's own score, as the engine gives it from its own estimate
    score: scoreFromStage(4.2),
    stageEstimate: 4.2,
    faceStageEstimate: 2.1,
    captureConditions: CROWN_CAPTURE,
    thumbnailJpeg: image,
    overlayJpeg: image,
  };
}

/** A caller as a Cognito token makes one, with a fresh user id: `<name>-<uuid>`. */
export const newCaller = (name: string): Caller => ({
  userId: `${name}-${randomUUID()}`,
  cognitoUsername: name,
  email: `${name}@example.com`,
  federated: false,
});

/** A new caller (newCaller), signed up with `credits`, on any Db (in memory or DynamoDB Local). */
export async function callerWithCredits(db: Db, credits: number, name: string): Promise<Caller> {
  const who = newCaller(name);
  await ensureProfile({ db }, who);
  await db.users.patch(who.userId, { credits }, new Date().toISOString());
  return who;
}
