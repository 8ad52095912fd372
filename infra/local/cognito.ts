import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, unwatchFile, watchFile, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_MIN_LENGTH } from '#shared/messages.ts';
import { startChild, type Child } from './child.ts';
import { HOST, waitForPort } from './ports.ts';

export const LOCAL_POOL_NAME = 'hairline-rater-local';
export const LOCAL_CLIENT_NAME = 'hairline-rater-web';

export interface CodeRecord {
  username: string;
  code: string;
  at: string;
}

// cognito-local prints each code in a box: strip colours and borders, then read "Username:" and "Code:" lines.
const ANSI = /\u001b\[[0-9;]*m/g;
const BORDER = /^[\s│╭╮╰╯─|]+|[\s│╭╮╰╯─|]+$/g;

/** Every verification and reset code the local pool sent, by user, kept in a JSON file for tests and the codes endpoint. */
export class CodeBook {
  private readonly codes: CodeRecord[];

  constructor(private readonly file: string) {
    this.codes = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  }

  add(username: string, code: string) {
    const last = this.codes.findLast((c) => c.username === username);
    if (last?.code === code) return;
    this.codes.push({ username, code, at: new Date().toISOString() });
    writeFileSync(this.file, JSON.stringify(this.codes.slice(-500), null, 2));
  }

  /** Reads the codes from cognito-local's printed boxes. */
  logReader() {
    let pendingUser: string | undefined;
    return (rawLine: string) => {
      const line = rawLine.replace(ANSI, '').replace(BORDER, '');
      const user = /^Username:\s+(\S+)/.exec(line);
      if (user) pendingUser = user[1];
      const code = /^Code:\s+(\S+)/.exec(line);
      if (code && pendingUser) {
        this.add(pendingUser, code[1]!);
        pendingUser = undefined;
      }
    };
  }

  /**
   * cognito-local's logger buffers its output (a box may show up seconds later), but it saves each code in the pool's
   * JSON store at once: watch that file too. Returns a function that stops watching.
   */
  watchStore(storeFile: string): () => void {
    const read = () => {
      try {
        const store = JSON.parse(readFileSync(storeFile, 'utf8')) as {
          Users?: Record<string, { ConfirmationCode?: string }>;
        };
        for (const [username, user] of Object.entries(store.Users ?? {}))
          if (user.ConfirmationCode) this.add(username, user.ConfirmationCode);
      } catch {
        // missing or caught mid-write: the next change reads it whole
      }
    };
    read();
    watchFile(storeFile, { interval: 50 }, read);
    return () => unwatchFile(storeFile, read);
  }
}

export async function startCognito(opts: {
  port: number;
  dataDir: string;
  codes: CodeBook;
  log: (line: string) => void;
}): Promise<Child> {
  // cognito-local keeps its data in ./.cognito of its working directory
  const configDir = join(opts.dataDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  // a separate username (not the email) as the pool's username, like the AWS pool
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }, null, 2),
  );
  const require = createRequire(import.meta.url);
  const bin = require.resolve('cognito-local/lib/bin/start.js');
  const collect = opts.codes.logReader();
  const child = startChild('cognito', process.execPath, [bin], {
    cwd: opts.dataDir,
    env: { ...process.env, PORT: String(opts.port), HOST, DEBUG: '' },
    onLine: (line) => {
      collect(line);
      opts.log(line);
    },
  });
  await waitForPort(opts.port, 30_000, 'cognito-local');
  return child;
}

export function localCognitoClient(port: number) {
  return new CognitoIdentityProviderClient({
    endpoint: `http://${HOST}:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Finds or creates the local user pool and its web client; returns their ids. */
export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
): Promise<{ userPoolId: string; clientId: string }> {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === LOCAL_POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: LOCAL_POOL_NAME,
        // codes are printed only for auto-verified attributes
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: PASSWORD_MIN_LENGTH,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
        Schema: [{ Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true }],
      }),
    );
    userPoolId = created.UserPool!.Id!;
  }
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === LOCAL_CLIENT_NAME)?.ClientId;
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: LOCAL_CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    clientId = created.UserPoolClient!.ClientId!;
  }
  return { userPoolId, clientId };
}
