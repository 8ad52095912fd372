/**
 * A stand-in for an analysis Lambda that dies mid-work: it reserves a credit through the real domain code against the
 * stack's DynamoDB, prints "analysing" once the analyzer is running, and then never finishes, so the test can kill the
 * process (SIGKILL) between reservation and completion. Environment: the handlers' env (table names, DYNAMODB_ENDPOINT);
 * argument: the user id.
 */
import { createDb } from '#lambdas/adapters/dynamo.ts';
import { readEnv } from '#lambdas/config/env.ts';
import { analyzeForUser } from '#lambdas/domain/analyze.ts';

const userId = process.argv[2]!;
const db = createDb(readEnv());
setInterval(() => {}, 60_000); // stays alive until killed
await analyzeForUser(
  { db, analyze: () => new Promise(() => process.stdout.write('analysing\n')) },
  { userId, federated: false },
  { kind: 'image', bytes: new Uint8Array([0xff, 0xd8, 0xff]) },
);
