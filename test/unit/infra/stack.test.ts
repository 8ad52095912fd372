/**
 * The synthesized template against the project's contracts (ROUTES, TABLES) and the security rules.
 * Bundling and CDK's CloudFormation schema check are off: offline and a few seconds per synth.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { configFromContext, HairlineStack } from '#infra/stack.ts';
import { contentSecurityPolicy, SPA_ROUTING_CODE } from '#infra/constructs/site.ts';
import { SHARE_CARD_PATH } from '#infra/constructs/site.ts';
import { SHARE_CARD_MAX_AGE } from '#shared/share-card.ts';
import { pruneAnalysisBundle } from '#infra/constructs/analysis-bundle.ts';
import {
  bundlingFor,
  FONT_ROUTES,
  LAMBDA_FONTCONFIG_FILE,
  LAMBDA_PERSON_MODEL,
  LAMBDA_MODEL_CACHE_DIR,
  LAMBDA_TIPPED_FACE_MODEL,
  MODEL_ROUTES,
  NATIVE_MODULES,
} from '#infra/constructs/functions.ts';
import { modelFilePath } from '#lambdas/config/model-files.ts';
import { MODEL_FILES } from '#shared/model-files.ts';
import { ROUTES, type RouteDef } from '#shared/routes.ts';
import { SITE_ORIGIN_PLACEHOLDER } from '#shared/site-pages.ts';
import { tempDirs } from '#test/support/temp-dirs.ts';
import { TABLE_LIST } from '#shared/tables.ts';

const cloudAssembly = tempDirs('cdk-test-');

function synth(context: Record<string, unknown> = {}): Template {
  const cdkJson = JSON.parse(readFileSync(new URL('../../../cdk.json', import.meta.url), 'utf8'));
  const app = new App({
    outdir: cloudAssembly(),
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], webDir: 'test/no-web-build', ...context },
    builtinCloudFormationValidation: false,
  });
  const stack = new HairlineStack(app, 'HairlineTest', { config: configFromContext(app.node) });
  return Template.fromStack(stack);
}

type Resources = Record<string, { Type: string; Properties: any; DeletionPolicy?: string }>;
const routes = ROUTES as readonly RouteDef[];
const fnId = (r: RouteDef) => `${r.name.charAt(0).toUpperCase()}${r.name.slice(1)}Function`;

let dev: Template;
let prod: Template;
let res: Resources;

beforeAll(() => {
  dev = synth();
  prod = synth({
    stage: 'prod',
    googleClientId: '1234-abc.apps.googleusercontent.com',
    contactEmail: 'help@hairline.example',
  });
  res = dev.toJSON().Resources;
}, 120_000);

/** Every IAM statement attached to a route function's role. */
function statementsOf(template: Template, route: RouteDef): any[] {
  const all: Resources = template.toJSON().Resources;
  const roleRef = all[fnId(route)]!.Properties.Role['Fn::GetAtt'][0];
  return Object.values(all)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleRef))
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
}
const actionsOf = (template: Template, route: RouteDef) =>
  statementsOf(template, route).flatMap((s) => [s.Action].flat() as string[]);
const refsIn = (value: unknown) => JSON.stringify(value);
const logicalIdOf = (type: string, predicate: (props: any) => boolean) =>
  Object.entries(res).find(([, r]) => r.Type === type && predicate(r.Properties))![0];

describe('Cognito', () => {
  it('password policy: minimum 6, no composition rules', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
  });

  it('sign-in with username or email, self sign-up, email verification and recovery', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      AliasAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('web client: SRP and user-password flows, no secret, no OAuth without Google', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: false,
    });
    dev.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    dev.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
  });

  it('Google (googleClientId set): provider, hosted domain, callbacks for CloudFront only in production', () => {
    prod.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: Match.objectLike({ client_id: '1234-abc.apps.googleusercontent.com' }),
    });
    prod.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
    const client = Object.values(prod.toJSON().Resources as Resources).find(
      (r) => r.Type === 'AWS::Cognito::UserPoolClient',
    )!;
    expect(client.Properties.SupportedIdentityProviders).toEqual(['COGNITO', 'Google']);
    expect(client.Properties.AllowedOAuthFlows).toEqual(['code']);
    const callbacks = refsIn(client.Properties.CallbackURLs);
    // a production authorization code is never sent to whatever listens on a visitor's port 5173
    expect(callbacks).not.toContain('5173');
    expect(refsIn(client.Properties.LogoutURLs)).not.toContain('5173');
    expect(client.Properties.CallbackURLs).toHaveLength(1);
    expect(callbacks).toMatch(/https:\/\/.*Distribution.*DomainName.*\/auth/);
    // the secret is a deploy-time dynamic reference, never a literal
    expect(refsIn(prod.toJSON())).toContain(
      '{{resolve:secretsmanager:hairline-rater/prod/google-client-secret:SecretString:::}}',
    );
  });

  it('Google outside production: the dev servers are allowed redirect targets too', () => {
    const devGoogle = synth({ googleClientId: '1234-abc.apps.googleusercontent.com' });
    const client = Object.values(devGoogle.toJSON().Resources as Resources).find(
      (r) => r.Type === 'AWS::Cognito::UserPoolClient',
    )!;
    const callbacks = refsIn(client.Properties.CallbackURLs);
    expect(callbacks).toContain('http://localhost:5173/auth');
    expect(callbacks).toContain('http://127.0.0.1:5173/auth');
    expect(callbacks).toMatch(/https:\/\/.*Distribution.*DomainName.*\/auth/);
  });
});

describe('DynamoDB', () => {
  it('one table per TABLES entry with its keys, indexes and TTL', () => {
    const tables = Object.values(res).filter((r) => r.Type === 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(TABLE_LIST.length);
    for (const def of TABLE_LIST) {
      const matches = tables.filter(
        (t) =>
          t.Properties.KeySchema.length === (def.sortKey ? 2 : 1) &&
          t.Properties.KeySchema[0].AttributeName === def.partitionKey &&
          (t.Properties.GlobalSecondaryIndexes ?? []).length === def.indexes.length &&
          (t.Properties.TimeToLiveSpecification?.AttributeName ?? undefined) === def.ttlAttribute,
      );
      expect(matches, def.id).toHaveLength(1);
      const table = matches[0]!.Properties;
      for (const index of def.indexes) {
        expect(table.GlobalSecondaryIndexes).toContainEqual(
          expect.objectContaining({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' },
              { AttributeName: index.sortKey, KeyType: 'RANGE' },
            ],
          }),
        );
      }
      expect(table.BillingMode).toBe('PAY_PER_REQUEST');
      expect(table.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    }
  });

  it('dev tables are deleted with the stack; prod tables are retained and deletion-protected', () => {
    dev.allResources('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    prod.allResources('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain' });
    prod.allResourcesProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
    prod.allResources('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
  });
});

describe('Lambda', () => {
  it('one nodejs22.x arm64 function per route, sized per ROUTES', () => {
    for (const route of routes) {
      const fn = res[fnId(route)];
      expect(fn?.Type, route.name).toBe('AWS::Lambda::Function');
      expect(fn!.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: route.memoryMb ?? 256,
        Timeout: route.timeoutSeconds ?? 10,
      });
      // no --enable-source-maps: parsing the map at every cold start is slow; lambdas/http/stack-trace.ts maps logged stacks
      expect(fn!.Properties.Environment.Variables.NODE_OPTIONS).toBeUndefined();
      expect(fn!.Properties.Environment.Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'hairline-rater',
        LOG_LEVEL: 'INFO',
        AGE_ESTIMATOR: 'rekognition',
      });
      const env = fn!.Properties.Environment.Variables;
      for (const key of [
        'USERS_TABLE',
        'RATINGS_TABLE',
        'UPLOADS_TABLE',
        'SHARES_TABLE',
        'COGNITO_USER_POOL_ID',
        'SITE_URL',
      ]) {
        expect(env[key], `${route.name} ${key}`).toBeDefined();
      }
    }
    const ours = Object.keys(res).filter(
      (id) => res[id]!.Type === 'AWS::Lambda::Function' && routes.some((r) => fnId(r) === id),
    );
    expect(ours).toHaveLength(routes.length);
  });

  it('only the share card, which draws text, points fontconfig at its bundled fonts', () => {
    for (const route of routes) {
      const env = res[fnId(route)]!.Properties.Environment.Variables;
      expect(env.FONTCONFIG_FILE, route.name).toBe(
        FONT_ROUTES.includes(route.name as never) ? LAMBDA_FONTCONFIG_FILE : undefined,
      );
    }
    expect(FONT_ROUTES).toEqual(['shareCard']);
  });

  it('only the analysis points at its bundled models: the person mask and the tipped-face detector', () => {
    for (const route of routes) {
      const env = res[fnId(route)]!.Properties.Environment.Variables;
      const analyses = MODEL_ROUTES.includes(route.name as never);
      expect(env.PERSON_MODEL_PATH, route.name).toBe(analyses ? LAMBDA_PERSON_MODEL : undefined);
      expect(env.TIPPED_FACE_MODEL_PATH, route.name).toBe(analyses ? LAMBDA_TIPPED_FACE_MODEL : undefined);
      expect(env.MODEL_CACHE_DIR, route.name).toBe(analyses ? LAMBDA_MODEL_CACHE_DIR : undefined);
    }
  });

  it('copies every manifest model file from the cache into the analysis bundle, after the models step', () => {
    const analysis = routes.find((r) => r.name === 'analyzeHairline')!;
    const commands = bundlingFor(analysis, false).commandHooks!.afterBundling('/in', '/out');
    const step = commands.findIndex(
      (c) => c.includes('/in/infra/models/place-models.ts') && c.includes('--if-missing'),
    );
    expect(step).toBeGreaterThanOrEqual(0);
    for (const m of MODEL_FILES) {
      const copy = commands.findIndex((c) => c === `cp "${modelFilePath(m.name)}" "/out/models/${m.name}/${m.file}"`);
      expect(copy, m.name).toBeGreaterThan(step);
    }
    expect(`/var/task/models/${MODEL_FILES[0].name}`).toBe(path.join(LAMBDA_MODEL_CACHE_DIR, MODEL_FILES[0].name));
  });

  it('prunes the analysis bundle after npm installs its packages, and only then (offline synths install none)', () => {
    const afterBundling = (route: RouteDef, install: boolean) =>
      bundlingFor(route, install).commandHooks?.afterBundling('/in', '/out') ?? [];
    const prune = pruneAnalysisBundle('/out');
    for (const route of routes) {
      const analysis = route.name === 'analyzeHairline';
      if (analysis) expect(afterBundling(route, true).slice(-prune.length)).toEqual(prune);
      else expect(afterBundling(route, true), route.name).not.toContain(prune[0]);
    }
    expect(
      afterBundling(
        routes.find((r) => r.name === 'analyzeHairline')!,
        false,
      ),
    ).not.toContain(prune[0]);
  });

  it('analyzeHairline gets ROUTES sizing (3584 MB: two full vCPUs; 29 s)', () => {
    expect(res.AnalyzeHairlineFunction!.Properties).toMatchObject({ MemorySize: 3584, Timeout: 29 });
  });

  it('STRIPE_SECRET_ARN only for the Stripe routes (deleteMe forgets the Stripe customer); SITE_URL is the CloudFront origin', () => {
    const stripeRoutes = ['createCheckoutSession', 'verifyCheckoutSession', 'stripeWebhook', 'deleteMe'];
    for (const route of routes) {
      const env = res[fnId(route)]!.Properties.Environment.Variables;
      expect('STRIPE_SECRET_ARN' in env, route.name).toBe(stripeRoutes.includes(route.name));
      expect(refsIn(env.SITE_URL)).toMatch(/https:\/\/.*Distribution.*DomainName/);
    }
  });
});

describe('HTTP API', () => {
  it('exactly one route per ROUTES entry, JWT-authorized iff auth', () => {
    const apiRoutes = Object.values(res).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route');
    expect(apiRoutes).toHaveLength(routes.length);
    for (const route of routes) {
      const found = apiRoutes.filter((r) => r.Properties.RouteKey === `${route.method} ${route.path}`);
      expect(found, route.name).toHaveLength(1);
      const props = found[0]!.Properties;
      expect(props.AuthorizationType, route.name).toBe(route.auth ? 'JWT' : 'NONE');
      expect(props.AuthorizerId !== undefined, route.name).toBe(route.auth);
      // the route's integration invokes this route's own function
      const integrationId = props.Target['Fn::Join'][1][1].Ref;
      expect(refsIn(res[integrationId]!.Properties.IntegrationUri), route.name).toContain(fnId(route));
    }
  });

  it('JWT authorizer: Cognito issuer, web client as audience', () => {
    const poolId = logicalIdOf('AWS::Cognito::UserPool', () => true);
    const clientId = logicalIdOf('AWS::Cognito::UserPoolClient', () => true);
    dev.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: clientId }],
        Issuer: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['https://cognito-idp.', { Ref: poolId }])] }),
      },
    });
  });

  it('$default stage: throttled, JSON access logs', () => {
    const stage = Object.values(res).find((r) => r.Type === 'AWS::ApiGatewayV2::Stage')!.Properties;
    expect(stage).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 100, ThrottlingRateLimit: 50 },
    });
    const format = JSON.parse(stage.AccessLogSettings.Format);
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      routeKey: '$context.routeKey',
    });
  });

  it('per-route throttles from the route table: less for the costly routes, the webhook its own bucket', () => {
    const stage = Object.values(res).find((r) => r.Type === 'AWS::ApiGatewayV2::Stage')!.Properties;
    const settings = stage.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;
    const throttled = (ROUTES as readonly RouteDef[]).filter((r) => r.throttle);
    expect(Object.keys(settings).sort()).toEqual(throttled.map((r) => `${r.method} ${r.path}`).sort());
    for (const r of throttled)
      expect(settings[`${r.method} ${r.path}`]).toEqual({
        ThrottlingRateLimit: r.throttle!.rate,
        ThrottlingBurstLimit: r.throttle!.burst,
      });
    expect(settings['POST /api/upload']!.ThrottlingRateLimit).toBeLessThan(
      stage.DefaultRouteSettings.ThrottlingRateLimit,
    );
    expect(settings['POST /api/stripe-webhook']).toBeDefined();
    // every throttled route key is one of the API's routes
    const routeKeys = Object.values(res)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map((r) => r.Properties.RouteKey);
    for (const key of Object.keys(settings)) expect(routeKeys).toContain(key);
  });
});

describe('CloudFront', () => {
  const distribution = () =>
    Object.values(res).find((r) => r.Type === 'AWS::CloudFront::Distribution')!.Properties.DistributionConfig;

  it('S3 origin through origin access control; index.html at the root', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    dev.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const s3Origin = config.Origins.find((o: any) => o.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
  });

  it('/api/* goes to the HTTP API uncached with all viewer values except Host, all methods', () => {
    const api = distribution().CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = distribution().Origins.find((o: any) => o.Id === api.TargetOriginId);
    expect(refsIn(origin.DomainName)).toContain('HttpApi');
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
  });

  it('share cards are cached at the edge for their max-age (and no longer), before /api/* takes the rest uncached', () => {
    const behaviours = distribution().CacheBehaviors;
    const order = behaviours.map((b: any) => b.PathPattern);
    expect(order.indexOf(SHARE_CARD_PATH)).toBeLessThan(order.indexOf('/api/*'));
    const card = behaviours.find((b: any) => b.PathPattern === SHARE_CARD_PATH);
    const api = behaviours.find((b: any) => b.PathPattern === '/api/*');
    expect(card).toMatchObject({ AllowedMethods: ['GET', 'HEAD'], TargetOriginId: api.TargetOriginId });
    expect(card.OriginRequestPolicyId).toBeUndefined(); // nothing of the viewer reaches the key or the origin
    const [policyId] = Object.entries(res).find(([id]) => card.CachePolicyId?.Ref === id) ?? [];
    expect(policyId).toBeDefined();
    expect(res[policyId!]!.Properties.CachePolicyConfig).toMatchObject({
      DefaultTTL: SHARE_CARD_MAX_AGE,
      MaxTTL: SHARE_CARD_MAX_AGE,
      MinTTL: 0,
    });
  });

  it('/r/* (share pages) goes to the same HTTP API origin uncached, GET/HEAD only', () => {
    const behaviours = distribution().CacheBehaviors;
    expect(behaviours.map((b: any) => b.PathPattern).sort()).toEqual(['/api/*', '/api/shares/*/card.png', '/r/*']);
    const share = behaviours.find((b: any) => b.PathPattern === '/r/*');
    const api = behaviours.find((b: any) => b.PathPattern === '/api/*');
    expect(share).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
      AllowedMethods: ['GET', 'HEAD'],
    });
    expect(share.TargetOriginId).toBe(api.TargetOriginId);
    expect(distribution().Origins).toHaveLength(2);
  });

  it('routing on the site behaviour only: prerendered pages, index.html for app routes, the 404 page with status 404', () => {
    const config = distribution();
    const associations = config.DefaultCacheBehavior.FunctionAssociations;
    expect(associations.map((a: any) => a.EventType)).toEqual(['viewer-request', 'viewer-response']);
    expect(associations[0].FunctionARN).toEqual(associations[1].FunctionARN);
    for (const pattern of ['/api/*', '/r/*']) {
      const behaviour = config.CacheBehaviors.find((b: any) => b.PathPattern === pattern);
      expect(behaviour.FunctionAssociations, pattern).toBeUndefined();
    }
    // distribution-wide error responses would turn the API's JSON 404s into HTML
    expect(config.CustomErrorResponses).toBeUndefined();

    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the CloudFront function source as CloudFront does
    const handler = new Function(`${SPA_ROUTING_CODE}; return handler;`)() as (e: any) => any;
    const uriFor = (uri: string) => handler({ context: { eventType: 'viewer-request' }, request: { uri } }).uri;
    const statusFor = (uri: string) =>
      handler({ context: { eventType: 'viewer-response' }, request: { uri }, response: { statusCode: 200 } })
        .statusCode;
    expect(uriFor('/')).toBe('/home.html');
    expect(uriFor('/pricing')).toBe('/pricing.html');
    expect(uriFor('/accuracy/')).toBe('/accuracy.html');
    expect(uriFor('/checkout/10-ratings')).toBe('/index.html');
    expect(uriFor('/history/abc123')).toBe('/index.html');
    expect(uriFor('/results/abc123')).toBe('/404.html');
    expect(uriFor('/assets/index-3f9a1c.js')).toBe('/assets/index-3f9a1c.js');
    expect(uriFor('/runtime-config.json')).toBe('/runtime-config.json');
    expect(uriFor('/robots.txt')).toBe('/robots.txt');
    // were /r/* ever routed through it, a share page would lose its Open Graph tags (but not its SPA)
    expect(uriFor('/r/q3Vx9kLm2Pz8RtY4wN6bJA')).toBe('/index.html');
    expect(statusFor('/results/abc123')).toBe(404);
    expect(statusFor('/404.html')).toBe(404);
    expect(statusFor('/pricing')).toBe(200);
    expect(statusFor('/history/abc123')).toBe(200);
    // CloudFront Functions limit: 10 KB of code
    expect(SPA_ROUTING_CODE.length).toBeLessThan(10_240);
  });

  it('security headers: CSP, HSTS, nosniff, frame DENY, strict-origin-when-cross-origin', () => {
    const policy = Object.values(res).find((r) => r.Type === 'AWS::CloudFront::ResponseHeadersPolicy')!.Properties;
    const security = policy.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(security).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 31536000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    const csp = refsIn(security.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const part of [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "frame-ancestors 'none'",
      "connect-src 'self' https://cognito-idp.",
    ]) {
      expect(csp).toContain(part);
    }
    const behaviours = [distribution().DefaultCacheBehavior, ...distribution().CacheBehaviors];
    for (const b of behaviours) expect(b.ResponseHeadersPolicyId).toBeDefined();
  });

  it('CSP adds the Cognito hosted domain only when Google is on', () => {
    const off = contentSecurityPolicy({ region: 'eu-west-1' });
    expect(off).toContain("connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com;");
    expect(off).not.toContain('amazoncognito.com');
    const on = contentSecurityPolicy({ region: 'eu-west-1', oauthDomain: 'hr.auth.eu-west-1.amazoncognito.com' });
    expect(on).toContain(
      "connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com https://hr.auth.eu-west-1.amazoncognito.com",
    );
    const prodPolicy = Object.values(prod.toJSON().Resources as Resources).find(
      (r) => r.Type === 'AWS::CloudFront::ResponseHeadersPolicy',
    )!;
    expect(refsIn(prodPolicy.Properties)).toContain('.amazoncognito.com');
  });

  it('buckets: private, encrypted, TLS only; site bucket logs to the log bucket', () => {
    const buckets = Object.entries(res).filter(([, r]) => r.Type === 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(2);
    for (const [, b] of buckets) {
      expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.BucketEncryption).toBeDefined();
    }
    const policies = Object.values(res).filter((r) => r.Type === 'AWS::S3::BucketPolicy');
    for (const p of policies) {
      expect(p.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
    const site = buckets.find(([, b]) => b.Properties.LoggingConfiguration)!;
    expect(site[1].Properties.LoggingConfiguration.LogFilePrefix).toBe('s3/');
  });

  it('deploys the web build (placeholder without one) and runtime-config.json', () => {
    dev.resourceCountIs('Custom::CDKBucketDeployment', 1);
    dev.hasResourceProperties('Custom::CDKBucketDeployment', {
      Prune: true,
      Exclude: ['assets/*'],
      DistributionPaths: ['/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
  });
});

describe('web build deployment', () => {
  it('hashed assets for a year; the pages, sitemap and robots.txt with the distribution URL in place of the origin placeholder', () => {
    const webDir = mkdtempSync(join(tmpdir(), 'hairline-web-'));
    try {
      mkdirSync(join(webDir, 'assets'));
      writeFileSync(join(webDir, 'assets', 'index-abc.js'), 'console.log(1)');
      writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>shell</title>');
      writeFileSync(join(webDir, 'pricing.html'), `<link rel="canonical" href="${SITE_ORIGIN_PLACEHOLDER}/pricing" />`);
      writeFileSync(join(webDir, 'sitemap.xml'), `<loc>${SITE_ORIGIN_PLACEHOLDER}/</loc>`);
      const template = synth({ webDir });
      const deployments = Object.values(template.toJSON().Resources as Resources).filter(
        (r) => r.Type === 'Custom::CDKBucketDeployment',
      );
      expect(deployments).toHaveLength(2);
      const assets = deployments.find((d) => d.Properties.Include)!.Properties;
      expect(assets).toMatchObject({ Include: ['assets/*'], Prune: false });
      expect(assets.SystemMetadata['cache-control']).toBe('public, max-age=31536000, immutable');
      const entry = deployments.find((d) => !d.Properties.Include)!.Properties;
      expect(entry.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
      // the whole build (minus assets) + one data source per file naming the origin + runtime-config.json
      expect(entry.SourceObjectKeys).toHaveLength(4);
      const markers = JSON.stringify(entry.SourceMarkers);
      expect(markers.match(/DomainName/g)).toHaveLength(2);
    } finally {
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});

describe('IAM scoping', () => {
  const route = (name: string) => routes.find((r) => r.name === name)!;

  it('only deleteMe may delete Cognito users, on its own pool', () => {
    for (const r of routes) {
      expect(actionsOf(dev, r).includes('cognito-idp:AdminDeleteUser'), r.name).toBe(r.name === 'deleteMe');
    }
    const stmt = statementsOf(dev, route('deleteMe')).find((s) =>
      [s.Action].flat().includes('cognito-idp:AdminDeleteUser'),
    );
    expect(stmt.Resource).toEqual({ 'Fn::GetAtt': [logicalIdOf('AWS::Cognito::UserPool', () => true), 'Arn'] });
  });

  it('only analyzeHairline may call rekognition:DetectFaces', () => {
    for (const r of routes) {
      expect(actionsOf(dev, r).includes('rekognition:DetectFaces'), r.name).toBe(r.name === 'analyzeHairline');
    }
    const wildcard = statementsOf(dev, route('analyzeHairline')).filter((s) => s.Resource === '*');
    expect(wildcard.flatMap((s) => [s.Action].flat())).toEqual(['rekognition:DetectFaces']);
  });

  it('packages touches no table and no secret; its role may only write its own logs', () => {
    const actions = actionsOf(dev, route('packages'));
    expect(actions.filter((a) => !a.startsWith('logs:'))).toEqual([]);
  });

  it('uploads table (uploads and the per-client and per-user counters) only for upload, analyzeHairline, checkout and export; listRatings and getRating only read ratings', () => {
    const uploadsId = logicalIdOf(
      'AWS::DynamoDB::Table',
      (p) => p.TimeToLiveSpecification?.AttributeName === 'expiresAt',
    );
    const ratingsId = logicalIdOf('AWS::DynamoDB::Table', (p) => (p.GlobalSecondaryIndexes ?? []).length > 0);
    for (const r of routes) {
      const touchesUploads = statementsOf(dev, r).some((s) => refsIn(s.Resource).includes(uploadsId));
      expect(touchesUploads, r.name).toBe(
        ['upload', 'analyzeHairline', 'createCheckoutSession', 'exportMe'].includes(r.name),
      );
    }
    for (const name of ['listRatings', 'getRating']) {
      const onRatings = statementsOf(dev, route(name)).filter((s) => refsIn(s.Resource).includes(ratingsId));
      const actions = onRatings.flatMap((s) => [s.Action].flat() as string[]);
      expect(actions.length, name).toBeGreaterThan(0);
      expect(
        actions.filter((a) => /Put|Update|Delete|BatchWrite/.test(a)),
        name,
      ).toEqual([]);
    }
  });

  it('shares table: written only by the owner routes (share, revoke, delete rating, delete account); the public share routes only read', () => {
    const sharesId = logicalIdOf('AWS::DynamoDB::Table', (p) => p.KeySchema[0].AttributeName === 'shareId');
    const writers = ['createShare', 'deleteShare', 'deleteRating', 'deleteMe'];
    const readers = ['getShare', 'shareCard', 'sharePage'];
    for (const r of routes) {
      const actions = statementsOf(dev, r)
        .filter((s) => refsIn(s.Resource).includes(sharesId))
        .flatMap((s) => [s.Action].flat() as string[]);
      const writes = actions.some((a) => /Put|Update|Delete|BatchWrite/.test(a));
      expect(writes, r.name).toBe(writers.includes(r.name));
      expect(actions.length > 0, r.name).toBe(writers.includes(r.name) || readers.includes(r.name));
    }
    for (const name of readers) {
      // public: read-only on every table
      const writes = actionsOf(dev, route(name)).filter(
        (a) => a.startsWith('dynamodb:') && /Put|Update|Delete|BatchWrite/.test(a),
      );
      expect(writes, name).toEqual([]);
    }
  });

  it('the share card bundles sharp (native module) like upload and analyze', () => {
    expect(NATIVE_MODULES.shareCard).toEqual(['sharp']);
    expect(res.ShareCardFunction!.Properties).toMatchObject({ MemorySize: 1024 });
  });

  it('the Stripe secret is readable by the Stripe routes only (deleteMe forgets the Stripe customer)', () => {
    const secretId = logicalIdOf('AWS::SecretsManager::Secret', () => true);
    for (const r of routes) {
      const reads = statementsOf(dev, r).some((s) => refsIn(s.Resource).includes(secretId));
      expect(reads, r.name).toBe(
        ['createCheckoutSession', 'verifyCheckoutSession', 'stripeWebhook', 'deleteMe'].includes(r.name),
      );
    }
  });

  it('no function role carries an AWS managed policy', () => {
    for (const r of routes) {
      const roleId = res[fnId(r)]!.Properties.Role['Fn::GetAtt'][0];
      expect(res[roleId]!.Properties.ManagedPolicyArns, r.name).toBeUndefined();
    }
  });
});

describe('CloudFront origin secret', () => {
  const distribution = () =>
    Object.values(res).find((r) => r.Type === 'AWS::CloudFront::Distribution')!.Properties.DistributionConfig;
  const originSecretId = () =>
    logicalIdOf(
      'AWS::SecretsManager::Secret',
      (p) => !!p.GenerateSecretString && /x-origin-verify/.test(p.Description),
    );
  /** `{{resolve:secretsmanager:<ref to the secret>:SecretString:::}}`, as CDK writes it (an Fn::Join around a Ref) */
  const isDynamicReferenceToOriginSecret = (value: unknown) => {
    const text = refsIn(value);
    return text.includes('{{resolve:secretsmanager:') && text.includes(`"Ref":"${originSecretId()}"`);
  };

  it('is generated by Secrets Manager (no value in the template)', () => {
    const secret = res[originSecretId()]!.Properties;
    expect(secret.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
    expect(secret.SecretString).toBeUndefined();
  });

  it('CloudFront adds it as x-origin-verify on the API origin only, through a dynamic reference', () => {
    const api = distribution().CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    const apiOrigin = distribution().Origins.find((o: any) => o.Id === api.TargetOriginId);
    expect(apiOrigin.OriginCustomHeaders).toHaveLength(1);
    expect(apiOrigin.OriginCustomHeaders[0].HeaderName).toBe('x-origin-verify');
    expect(isDynamicReferenceToOriginSecret(apiOrigin.OriginCustomHeaders[0].HeaderValue)).toBe(true);
    const s3Origin = distribution().Origins.find((o: any) => o.Id !== api.TargetOriginId);
    expect(s3Origin.OriginCustomHeaders).toBeUndefined();
  });

  it('every route function gets it as ORIGIN_VERIFY_SECRET, also a dynamic reference', () => {
    for (const route of routes) {
      const value = res[fnId(route)]!.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET;
      expect(isDynamicReferenceToOriginSecret(value), route.name).toBe(true);
    }
  });

  it('a new originSecretGeneration makes a new secret, so every reference changes', () => {
    const rotated = synth({ originSecretGeneration: '2' }).toJSON().Resources as Resources;
    const ids = Object.entries(rotated)
      .filter(([, r]) => r.Type === 'AWS::SecretsManager::Secret' && r.Properties.GenerateSecretString)
      .filter(([, r]) => /x-origin-verify/.test(r.Properties.Description))
      .map(([id]) => id);
    expect(ids).toHaveLength(1);
    expect(ids[0]).not.toBe(originSecretId());
  }, 60_000);
});

describe('retake reminders', () => {
  const tokenSecretId = () =>
    logicalIdOf('AWS::SecretsManager::Secret', (p) => /unsubscribe links/.test(p.Description ?? ''));
  const isTokenSecret = (value: unknown) =>
    refsIn(value).includes('{{resolve:secretsmanager:') && refsIn(value).includes(`"Ref":"${tokenSecretId()}"`);

  it('a sender function, run every hour by an EventBridge rule, with the token key, the table and the sender address', () => {
    const sender = res.SendRemindersFunction!.Properties;
    expect(sender.Runtime).toBe('nodejs22.x');
    expect(sender.Architectures).toEqual(['arm64']);
    expect(isTokenSecret(sender.Environment.Variables.REMINDER_TOKEN_SECRET)).toBe(true);
    expect(sender.Environment.Variables.REMINDER_FROM_EMAIL).toBe('support@example.com');
    expect(sender.Environment.Variables.REMINDERS_TABLE).toBeDefined();
    const rule = Object.values(res).find((r) => r.Type === 'AWS::Events::Rule')!.Properties;
    expect(rule.ScheduleExpression).toBe('rate(1 hour)');
    expect(refsIn(rule.Targets)).toContain('SendRemindersFunction');
    expect(prod.toJSON().Resources.SendRemindersFunction.Properties.Environment.Variables.REMINDER_FROM_EMAIL).toBe(
      'help@hairline.example',
    );
  });

  it("the sender's role may send mail only as the sender identity, writes only the reminders table, reads users", () => {
    const sender = res.SendRemindersFunction!.Properties;
    const roleRef = sender.Role['Fn::GetAtt'][0];
    const statements = Object.values(res)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleRef))
      .flatMap((r) => r.Properties.PolicyDocument.Statement);
    const ses = statements.filter((st) => [st.Action].flat().some((a: string) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(ses[0].Action).toBe('ses:SendEmail');
    const resources = refsIn(ses[0].Resource);
    expect(resources).toContain(':identity/support@example.com');
    expect(resources).toContain(':identity/example.com');
    expect(resources).not.toContain('*');
    const dynamo = statements.filter((st) => [st.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
    const remindersTable = logicalIdOf('AWS::DynamoDB::Table', (p) =>
      (p.GlobalSecondaryIndexes ?? []).some((i: any) => i.IndexName === 'byDue'),
    );
    const writes = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
    for (const st of dynamo) {
      // it reads each reminder's profile (a deleted account's reminder is deleted unsent), and writes nothing there
      if (!refsIn(st.Resource).includes(remindersTable)) {
        expect(refsIn(st.Resource)).toContain(sender.Environment.Variables.USERS_TABLE.Ref);
        expect([st.Action].flat().filter((a: string) => writes.includes(a))).toEqual([]);
      }
    }
    expect(sender.Environment.Variables.USERS_TABLE).toBeDefined();
  });

  it('only the unsubscribe route holds the token key; account deletion may delete reminders', () => {
    for (const route of routes) {
      const value = res[fnId(route)]!.Properties.Environment.Variables.REMINDER_TOKEN_SECRET;
      if (route.name === 'unsubscribeReminders') expect(isTokenSecret(value)).toBe(true);
      else expect(value, route.name).toBeUndefined();
    }
    const deleteMe = routes.find((r) => r.name === 'deleteMe')!;
    const remindersTable = logicalIdOf('AWS::DynamoDB::Table', (p) =>
      (p.GlobalSecondaryIndexes ?? []).some((i: any) => i.IndexName === 'byDue'),
    );
    expect(
      statementsOf(dev, deleteMe).some(
        (st) => refsIn(st.Resource).includes(remindersTable) && [st.Action].flat().includes('dynamodb:DeleteItem'),
      ),
    ).toBe(true);
  });
});

describe('Stripe secret and outputs', () => {
  it('creates the secret with the placeholder JSON the operator fills in', () => {
    dev.hasResourceProperties('AWS::SecretsManager::Secret', {
      SecretString: JSON.stringify({ secretKey: '', webhookSecret: '' }),
    });
  });

  it('outputs site, API, pool ids, the Stripe webhook URL and secret ARN', () => {
    const outputs = dev.toJSON().Outputs;
    for (const key of ['SiteUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'StripeWebhookUrl', 'StripeSecretArn']) {
      expect(outputs[key], key).toBeDefined();
    }
    expect(refsIn(outputs.StripeWebhookUrl.Value)).toMatch(/https:\/\/.*DomainName.*\/api\/stripe-webhook/);
    expect(prod.toJSON().Outputs.GoogleRedirectUri).toBeDefined();
  });
});
