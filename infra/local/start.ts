/**
 * `npm start`: the whole product on this machine, no AWS or Stripe account needed, serving the production build (built
 * first when its sources changed). `npm run dev` runs the same with the Vite dev server (WEB_MODE=dev: edits show at
 * once, each page compiled on its first visit). Ctrl-C stops everything.
 */
import { join } from 'node:path';
import { portsFromEnv } from './ports.ts';
import { REPO_ROOT, startLocalStack } from './stack.ts';
import { buildWebIfStale } from './web-build-stale.ts';
import { runModelsStep } from '#infra/models/models-step.ts';

const started = performance.now();
// without the model files everything still starts; the analyze route then answers 503 saying to run `npm run models`
const modelsReady = await runModelsStep({ optional: true });
const dataDir = process.env.LOCAL_DATA_DIR ?? join(REPO_ROOT, '.local');
const web = (process.env.WEB_MODE as 'dev' | 'preview' | 'none' | undefined) ?? 'preview';
if (web === 'preview') buildWebIfStale(REPO_ROOT);
const stack = await startLocalStack({ ports: portsFromEnv(), dataDir, web, quiet: process.env.LOCAL_QUIET === '1' });

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`
Hairline Rater is running (ready in ${seconds} s):
  web app          ${web === 'none' ? '(not started)' : `${stack.urls.web}  (${web === 'dev' ? 'Vite dev server' : 'production build; npm run dev for the dev server'})`}
  API gateway      ${stack.urls.gateway}/api/packages
  DynamoDB Local   ${stack.urls.dynamodb}
  cognito-local    ${stack.urls.cognito}  (user pool ${stack.userPoolId}, client ${stack.clientId})
  Stripe           ${stack.urls.stripe ?? 'real Stripe (STRIPE_SECRET_KEY is set)'}
  SES (mail sent)  ${stack.urls.ses}   (reminder e-mails; due ones go out every minute)
  codes (local)    ${stack.urls.gateway}/__local/codes?username=<name>
  data             ${dataDir}   (npm run reset to start fresh)${modelsReady ? '' : '\n  analysis         unavailable until `npm run models` places the model files (the analyze route answers 503)'}
Ctrl-C stops every service.`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('stopping...');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
