import {
  BOOTSTRAP_QUALIFIER_CONTEXT,
  DefaultStackSynthesizer,
  Token,
  Validations,
  type CfnElement,
  type Stack,
} from 'aws-cdk-lib';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IConstruct } from 'constructs';
import { ROUTE_LIST, type RouteName } from '#shared/routes.ts';
import { TABLE_LIST } from '#shared/tables.ts';
import type { Api } from './constructs/api.ts';
import type { Auth } from './constructs/auth.ts';
import type { Data } from './constructs/data.ts';
import type { Functions } from './constructs/functions.ts';
import type { Reminders } from './constructs/reminders.ts';
import type { Site } from './constructs/site.ts';

export interface NagTargets {
  api: Api;
  data: Data;
  functions: Functions;
  site: Site;
  auth: Auth;
  stripeSecret: Secret;
  originSecret: Secret;
  reminders: Reminders;
  reminderTokenSecret: Secret;
}

const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });

/**
 * Every cdk-nag AwsSolutions finding this stack accepts, each on the narrowest construct and with its reason.
 * Anything not listed here fails `cdk synth` and test/unit/infra/nag.test.ts.
 */
export function acknowledgeNagFindings(stack: Stack, t: NagTargets): void {
  const pool = t.auth.userPool;
  ack(
    pool,
    'AwsSolutions-COG1',
    'The product requires passwords of at least 6 characters with no composition rules (product spec, sign-up form). ' +
      'Cognito still blocks sign-in brute force with its built-in lockout, and accounts hold only credits and photo ratings.',
  );
  ack(
    pool,
    'AwsSolutions-COG2',
    "MFA is not part of the product; a required second factor would block the spec's sign-up flow. Can be made OPTIONAL later without data migration.",
  );
  ack(
    pool,
    'AwsSolutions-COG8',
    'The Plus feature plan (threat protection) costs per monthly active user; this consumer app runs on Essentials. Revisit if abuse appears.',
  );

  ack(
    t.stripeSecret,
    'AwsSolutions-SMG4',
    'Holds third-party Stripe keys that only Stripe can issue; rotation is done in the Stripe dashboard, then put-secret-value (docs/deploy.md, "Deploying to AWS").',
  );

  ack(
    t.originSecret,
    'AwsSolutions-SMG4',
    'CloudFront and the functions receive the value through dynamic references resolved at deploy time, which a rotation ' +
      'Lambda would not update; it is replaced by deploying with a new originSecretGeneration (docs/deploy.md, "Debugging the API behind CloudFront").',
  );

  ack(
    t.reminderTokenSecret,
    'AwsSolutions-SMG4',
    'The functions receive the key through dynamic references resolved at deploy time, which a rotation Lambda would ' +
      'not update; rotating it would also break the unsubscribe links of every e-mail already sent.',
  );

  // the public routes; every other route has the Cognito JWT authorizer
  const publicReasons: Partial<Record<RouteName, string>> = {
    packages: 'Public price list shown on the pricing page before sign-in; read-only, no user data.',
    upload:
      'Decision record: a photo chosen before sign-in must survive the sign-up detour. Uploads are size-checked, ' +
      'rate-limited per client, unguessable and expire after 1 hour; analysis itself requires a JWT.',
    stripeWebhook:
      'Called by Stripe, which cannot present a Cognito token; every request is authenticated by its Stripe-Signature HMAC.',
    getShare:
      "A share link is public by the owner's choice: the unguessable 128-bit id is the capability; the answer is a fixed " +
      'whitelist of rating fields (no e-mail or ids), the photo only when the owner included it, and 404 once revoked.',
    shareCard:
      'The share card image is fetched by chat and social-network crawlers without credentials when a link unfurls; ' +
      'same capability and whitelist as the share itself, read-only.',
    unsubscribeReminders:
      'The one-click unsubscribe of a reminder e-mail must work without sign-in (and from mail clients, RFC 8058); ' +
      'the HMAC-signed token in the link is the authority and can only turn off the reminders of the user it names.',
    sharePage:
      'The /r/ share page is opened by anyone the owner sent the link to and by link-preview crawlers; it is the ' +
      'public SPA shell plus Open Graph tags from the whitelisted share fields, read-only.',
  };
  for (const route of ROUTE_LIST) {
    const reason = publicReasons[route.name];
    if (route.auth || !reason) continue;
    ack(t.api.routes[route.name]!, 'AwsSolutions-APIG4', reason);
  }

  const distribution = t.site.distribution;
  ack(
    distribution,
    'AwsSolutions-CFR1',
    'A consumer service offered worldwide; no geographic restriction is required.',
  );
  ack(
    distribution,
    'AwsSolutions-CFR2',
    'No AWS WAF web ACL (fixed monthly cost): the API has stage throttling, per-client upload rate limits and JWT auth on every user route.',
  );
  ack(
    distribution,
    'AwsSolutions-CFR4',
    'Uses the default *.cloudfront.net certificate, for which CloudFront fixes the minimum protocol; a custom domain with TLSv1.2_2021 can be added later.',
  );

  ack(
    t.functions,
    'AwsSolutions-L1',
    'The project pins nodejs22.x (a supported, maintained Lambda runtime) as its build and test target; the rule asks for the newest one. ' +
      'Move all functions together once the handlers are tested on it.',
  );

  for (const def of TABLE_LIST) {
    if (def.indexes.length === 0) continue;
    const table = t.data.tables[def.id];
    const arn = `<${stack.getLogicalId(table.node.defaultChild as CfnElement)}.Arn>/index/*`;
    for (const scope of [t.functions, t.reminders]) {
      ack(
        scope,
        `AwsSolutions-IAM5[Resource::${arn}]`,
        'Grants on a table also cover its own indexes (table/index/*) so that its index (byUser, byDue) can be queried; no other table is reachable.',
      );
    }
  }
  ack(
    t.reminders,
    'AwsSolutions-L1',
    'The project pins nodejs22.x (a supported, maintained Lambda runtime) for every function, the reminder sender included.',
  );
  ack(
    t.functions.byRoute.analyzeHairline.role!,
    'AwsSolutions-IAM5[Resource::*]',
    'rekognition:DetectFaces supports no resource-level permissions; it is the only action in that statement and only this role has it.',
  );

  // cdk-nag spells unresolved pseudo parameters as <AWS::...>; `cdk deploy` resolves them from the credentials
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  const partition = Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition;
  const qualifier =
    (stack.node.tryGetContext(BOOTSTRAP_QUALIFIER_CONTEXT) as string | undefined) ??
    DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  // CDK's own BucketDeployment handler (one singleton per stack), not code of this project
  for (const provider of stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
    const why = 'CDK BucketDeployment handler, managed by aws-cdk-lib: ';
    ack(provider, 'AwsSolutions-L1', why + 'its runtime is chosen by the CDK version, not by this project.');
    ack(
      provider,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      why + 'it logs through the AWS managed basic execution policy.',
    );
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
      ack(
        provider,
        `AwsSolutions-IAM5[Action::${action}]`,
        why + "grant helpers scoped to the CDK asset bucket and this site's bucket only.",
      );
    }
    ack(
      provider,
      `AwsSolutions-IAM5[Resource::arn:${partition}:s3:::cdk-${qualifier}-assets-${account}-${region}/*]`,
      why + 'reads the uploaded web build from the CDK bootstrap asset bucket.',
    );
    ack(
      provider,
      `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(t.site.bucket.node.defaultChild as CfnElement)}.Arn>/*]`,
      why + 'writes and prunes the objects of the site bucket.',
    );
    ack(
      provider,
      'AwsSolutions-IAM5[Resource::*]',
      why + 'cloudfront:CreateInvalidation/GetInvalidation have no resource-level permissions.',
    );
  }
}
