/** What the domain-level integration tests share: the stack's DynamoDB Local, a tiny JPEG and a stand-in analysis. */
import sharp from 'sharp';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createDb } from '#lambdas/adapters/dynamo.ts';
import { readEnv } from '#lambdas/config/env.ts';
import type { AnalysisOutput } from '#lambdas/domain/analyze.ts';
import type { Db } from '#lambdas/domain/db.ts';
import { ratingFields } from '../support/ratings.ts';
import type { StackInfo } from '../support/stack-info.ts';

export function stackDb(stack: StackInfo): Db {
  return createDb(readEnv({ ...stack.env, DYNAMODB_ENDPOINT: stack.dynamoUrl }));
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

export async function setCredits(db: Db, userId: string, credits: number): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tables.users,
      Key: { userId },
      UpdateExpression: 'SET credits = :c',
      ExpressionAttributeValues: { ':c': credits },
    }),
  );
}
