import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Aws, CfnOutput, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct, Node } from 'constructs';
import { ROUTES, type RouteDef, type RouteName } from '../shared/routes.ts';
import type { RuntimeConfig } from '../shared/schemas.ts';
import { Api } from './constructs/api.ts';
import { Auth } from './constructs/auth.ts';
import { Data, pascal } from './constructs/data.ts';
import { Functions } from './constructs/functions.ts';
import { Site } from './constructs/site.ts';
import { acknowledgeNagFindings } from './nag.ts';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Deployment settings, from CDK context (`-c key=value` or cdk.json). */
export interface StackConfig {
  stage: string;
  prod: boolean;
  contactEmail: string;
  logLevel: string;
  googleClientId?: string;
  googleClientSecretName: string;
  authDomainPrefix: string;
  stripePublishableKey?: string;
  analyticsId?: string;
  installNativeModules: boolean;
  /** the Vite build (`npm run build:web`) */
  webDir: string;
}

export function configFromContext(node: Node): StackConfig {
  const text = (key: string): string | undefined => {
    const v = node.tryGetContext(key);
    return v === undefined || v === null || String(v).trim() === '' ? undefined : String(v).trim();
  };
  const stage = text('stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) throw new Error(`context stage must be lowercase letters, digits and dashes: ${stage}`);
  return {
    stage,
    prod: stage === 'prod',
    contactEmail: text('contactEmail') ?? 'support@example.com',
    logLevel: text('logLevel') ?? 'INFO',
    googleClientId: text('googleClientId'),
    googleClientSecretName: text('googleClientSecretName') ?? `hairline-rater/${stage}/google-client-secret`,
    // unique per account and region: the hosted domain name is global within a region
    authDomainPrefix: text('authDomainPrefix') ?? `hairline-rater-${stage}-${Aws.ACCOUNT_ID}`,
    stripePublishableKey: text('stripePublishableKey'),
    analyticsId: text('analyticsId'),
    installNativeModules: text('installNativeModules') === 'true',
    webDir: path.resolve(REPO_ROOT, text('webDir') ?? 'dist/web'),
  };
}

export interface HairlineStackProps extends StackProps {
  config: StackConfig;
}

/** Everything of one deployment: Cognito, DynamoDB, one Lambda per route, HTTP API, S3 + CloudFront. */
export class HairlineStack extends Stack {
  constructor(scope: Construct, id: string, props: HairlineStackProps) {
    super(scope, id, props);
    const { config } = props;

    const data = new Data(this, 'Data', { prod: config.prod });
    const stripeSecret = new Secret(this, 'StripeSecret', {
      description: 'Stripe keys for Hairline Rater: {"secretKey":"sk_...","webhookSecret":"whsec_..."} (see the README, "Deploying to AWS")',
      // placeholders the operator replaces with put-secret-value; later deploys leave the stored value alone
      secretObjectValue: { secretKey: SecretValue.unsafePlainText(''), webhookSecret: SecretValue.unsafePlainText('') },
      removalPolicy: config.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    const api = new Api(this, 'Api', { prod: config.prod, rateLimit: 50, burstLimit: 100 });
    const google = config.googleClientId
      ? { clientId: config.googleClientId, clientSecretName: config.googleClientSecretName, domainPrefix: config.authDomainPrefix }
      : undefined;
    // the CSP needs the hosted domain before Auth exists; both derive it from the same prefix
    const oauthDomain = google ? `${google.domainPrefix}.auth.${Aws.REGION}.amazoncognito.com` : undefined;
    const site = new Site(this, 'Site', {
      prod: config.prod,
      apiDomainName: api.domainName,
      csp: { region: Aws.REGION, oauthDomain, stripe: !!config.stripePublishableKey, analytics: !!config.analyticsId },
    });
    const auth = new Auth(this, 'Auth', { prod: config.prod, siteUrl: site.url, google });
    api.useCognito(auth.issuerUrl, auth.client.userPoolClientId);

    const functions = new Functions(this, 'Functions', {
      root: REPO_ROOT,
      tables: data.tables,
      userPool: auth.userPool,
      stripeSecret,
      siteUrl: site.url,
      logLevel: config.logLevel,
      installNativeModules: config.installNativeModules,
      prod: config.prod,
    });
    for (const route of ROUTES as readonly RouteDef[]) {
      api.addRoute(route, functions.byRoute[route.name as RouteName], `${pascal(route.name)}Integration`);
    }

    const runtimeConfig: RuntimeConfig = {
      apiBase: '/api',
      region: Aws.REGION,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      googleEnabled: !!google,
      ...(auth.oauthDomain ? { oauthDomain: auth.oauthDomain } : {}),
      ...(config.stripePublishableKey ? { stripePublishableKey: config.stripePublishableKey } : {}),
      ...(config.analyticsId ? { analyticsId: config.analyticsId } : {}),
      contactEmail: config.contactEmail,
    };
    site.deployWeb(config.webDir, runtimeConfig);

    new CfnOutput(this, 'SiteUrl', { value: site.url, description: 'The web app' });
    new CfnOutput(this, 'ApiUrl', { value: `${site.url}/api`, description: 'The API as browsers reach it (through CloudFront)' });
    new CfnOutput(this, 'ApiGatewayUrl', { value: api.httpApi.apiEndpoint, description: 'The HTTP API itself' });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.client.userPoolClientId });
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${site.url}/api/stripe-webhook`,
      description: "Paste into Stripe's dashboard (Developers > Webhooks)",
    });
    new CfnOutput(this, 'StripeSecretArn', { value: stripeSecret.secretArn, description: 'Fill with put-secret-value' });
    if (auth.oauthDomain) {
      new CfnOutput(this, 'GoogleRedirectUri', {
        value: `https://${auth.oauthDomain}/oauth2/idpresponse`,
        description: "Authorized redirect URI for the Google OAuth client",
      });
    }

    acknowledgeNagFindings(this, { api, data, functions, site, auth, stripeSecret });
  }
}
