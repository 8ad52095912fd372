import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { api } from './api.ts';
import type { StackInfo } from './stack-info.ts';

export interface TestUser {
  username: string;
  email: string;
  password: string;
  sub: string;
  idToken: string;
  accessToken: string;
}

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export function cognitoClient(stack: StackInfo) {
  return new CognitoIdentityProviderClient({ endpoint: stack.cognitoUrl, region: 'us-east-1', credentials });
}

export function documentClient(stack: StackInfo) {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.dynamoUrl, region: 'us-east-1', credentials }),
  );
}

export async function signIn(stack: StackInfo, username: string, password: string) {
  const auth = await cognitoClient(stack).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.clientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  );
  return { idToken: auth.AuthenticationResult!.IdToken!, accessToken: auth.AuthenticationResult!.AccessToken! };
}

/**
 * Signs a new user up in cognito-local, confirms them (AdminConfirmSignUp: no test depends on reading the printed code
 * unless it is about the code) and signs them in. The one way the integration and browser tests make a user.
 */
export async function createUser(stack: StackInfo, name = 'user'): Promise<TestUser> {
  const username = `${name}${randomUUID().slice(0, 8)}`;
  const email = `${username}@example.com`;
  const password = 'secret123';
  const cognito = cognitoClient(stack);
  await cognito.send(
    new SignUpCommand({
      ClientId: stack.clientId,
      Username: username,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: stack.userPoolId, Username: username }));
  const tokens = await signIn(stack, username, password);
  return { username, email, password, sub: decodeJwt(tokens.idToken).sub!, ...tokens };
}

/** Sets a balance directly in DynamoDB Local (the profile must exist: call GET /api/me first). */
export async function setCredits(stack: StackInfo, sub: string, credits: number): Promise<void> {
  await documentClient(stack).send(
    new UpdateCommand({
      TableName: stack.env.USERS_TABLE,
      Key: { userId: sub },
      UpdateExpression: 'SET credits = :c',
      ConditionExpression: 'attribute_exists(userId)',
      ExpressionAttributeValues: { ':c': credits },
    }),
  );
}

/** A new user (createUser) whose profile exists (GET /api/me), holding `credits`. */
export async function userWithCredits(stack: StackInfo, credits: number, name = 'api'): Promise<TestUser> {
  const user = await createUser(stack, name);
  const me = await api(stack, '/api/me', { token: user.idToken });
  if (me.status !== 200) throw new Error(`GET /api/me: ${me.status} ${me.text}`);
  if (credits) await setCredits(stack, user.sub, credits);
  return user;
}
