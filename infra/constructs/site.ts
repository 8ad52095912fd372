import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CfFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { SITE_ORIGIN_PLACEHOLDER, SITE_ROUTING, siteFileFor } from '#shared/site-pages.ts';
import { SHARE_CARD_MAX_AGE } from '#shared/share-card.ts';

/** the share card's path at the edge: GET /api/shares/{shareId}/card.png */
export const SHARE_CARD_PATH = '/api/shares/*/card.png';

export interface CspOptions {
  region: string;
  /** Cognito hosted domain host, when Google sign-in is on */
  oauthDomain?: string;
  /** the page loads Stripe.js (a publishable key is configured) */
  stripe?: boolean;
  /** the page may load Google Analytics after consent (an analytics id is configured) */
  analytics?: boolean;
}

/** The site's Content-Security-Policy: same origin, plus Cognito and only the third parties the deployment uses. */
export function contentSecurityPolicy(o: CspOptions): string {
  const script = ["'self'"];
  const connect = ["'self'", `https://cognito-idp.${o.region}.amazonaws.com`];
  const frame: string[] = [];
  const img = ["'self'", 'data:', 'blob:'];
  const form = ["'self'"];
  if (o.oauthDomain) {
    connect.push(`https://${o.oauthDomain}`);
    form.push(`https://${o.oauthDomain}`);
  }
  if (o.stripe) {
    script.push('https://js.stripe.com');
    connect.push('https://api.stripe.com');
    frame.push('https://js.stripe.com', 'https://hooks.stripe.com');
  }
  if (o.analytics) {
    script.push('https://www.googletagmanager.com');
    connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    );
    img.push('https://*.google-analytics.com', 'https://www.googletagmanager.com');
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    // React and chart libraries set style attributes
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "media-src 'self' blob:",
    `frame-src ${frame.length ? frame.join(' ') : "'none'"}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${form.join(' ')}`,
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/**
 * Routing on the site (S3) behaviour, from the same table as the build and the local preview (shared/site-pages.ts):
 * a public page's path gets its prerendered file, the app's browser-only routes get index.html, any other path the
 * 404 page, and files (a dot in the last segment) stay as they are. On the response the same function turns the 404
 * page's status into 404. This replaces distribution-wide 403/404 error responses, which would also turn the API's
 * JSON 404s under /api/* into HTML. It runs on the default (S3) behaviour only: /api/* and the share pages under
 * /r/* go to the HTTP API unchanged.
 */
export const SPA_ROUTING_CODE = `var ROUTING = ${JSON.stringify(SITE_ROUTING)};
var siteFileFor = ${siteFileFor.toString()};
function handler(event) {
  var file = siteFileFor(event.request.uri, ROUTING);
  if (event.context.eventType === 'viewer-response') {
    if (file === '/' + ROUTING.notFoundFile) {
      event.response.statusCode = 404;
      event.response.statusDescription = 'Not Found';
    }
    return event.response;
  }
  event.request.uri = file;
  return event.request;
}`;

/** Text files of the build that may name the site's origin (canonical URLs, Open Graph, sitemap): filled in at deploy. */
const ORIGIN_FILES = /\.(html|xml|txt)$/;

export interface SiteProps {
  prod: boolean;
  /** the HTTP API's host name: CloudFront forwards /api/* and /r/* (share pages) there */
  apiDomainName: string;
  /** headers CloudFront adds to every request it forwards to the API (the secret origin header) */
  apiOriginHeaders?: Record<string, string>;
  csp: CspOptions;
}

/** Private S3 bucket of the web build behind CloudFront, with /api/* and /r/* (share pages) forwarded to the HTTP API. */
export class Site extends Construct {
  readonly bucket: Bucket;
  readonly logsBucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    this.logsBucket = new Bucket(this, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes through ACLs
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(props.prod ? 365 : 30) }],
      removalPolicy: props.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.prod,
    });
    // holds only the build output, which `npm run build:web` recreates: safe to empty on stack deletion
    this.bucket = new Bucket(this, 'WebBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Hairline Rater security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.csp), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        // the photo flow may use the camera; nothing else is needed
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=()', override: true },
        ],
      },
    });
    const spaRouting = new CfFunction(this, 'SpaRouting', {
      code: FunctionCode.fromInline(SPA_ROUTING_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Prerendered page, index.html or the 404 page per path',
    });

    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: props.apiOriginHeaders,
    });

    // share cards are the one API answer worth caching at the edge: every view of a shared link fetches one, each a render
    const shareCardCache = new CachePolicy(this, 'ShareCardCache', {
      comment: 'Share cards: the origin max-age, at most SHARE_CARD_MAX_AGE; nothing of the viewer in the key',
      defaultTtl: Duration.seconds(SHARE_CARD_MAX_AGE),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(SHARE_CARD_MAX_AGE),
      enableAcceptEncodingGzip: false,
      enableAcceptEncodingBrotli: false,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Hairline Rater',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: spaRouting, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
        compress: true,
      },
      additionalBehaviors: {
        // before '/api/*' (CloudFront takes the first pattern that matches): a revoked link's card leaves the cache within
        // SHARE_CARD_MAX_AGE, after which the origin answers 404
        [SHARE_CARD_PATH]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: shareCardCache,
          responseHeadersPolicy: headers,
          compress: false,
        },
        '/api/*': {
          origin: apiOrigin,
          // a redirect would drop POST bodies: API clients must use https
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          compress: true,
        },
        // share pages: the SPA shell with Open Graph tags, rendered per share by the sharePage Lambda (revocable: not cached)
        '/r/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
    });
  }

  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Uploads the web build: hashed files under assets/ cached for a year, everything else (the pages, index.html,
   * runtime-config.json, icons) revalidated on each load. The pages, sitemap.xml and robots.txt get the
   * distribution's URL where the build left the origin placeholder. Without a build, a placeholder page is deployed.
   */
  deployWeb(webDir: string, runtimeConfig: Record<string, unknown>): void {
    const built = existsSync(webDir);
    let assets: BucketDeployment | undefined;
    if (built) {
      assets = new BucketDeployment(this, 'DeployAssets', {
        sources: [Source.asset(webDir)],
        destinationBucket: this.bucket,
        exclude: ['*'],
        include: ['assets/*'],
        // old hashed files stay for pages loaded before this deploy
        prune: false,
        cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
        memoryLimit: 512,
      });
    }
    const withOrigin = built
      ? readdirSync(webDir)
          .filter((file) => ORIGIN_FILES.test(file))
          .map((file) => ({ file, text: readFileSync(join(webDir, file), 'utf8') }))
          .filter(({ text }) => text.includes(SITE_ORIGIN_PLACEHOLDER))
      : [];
    const pages: ISource[] = built
      ? [
          Source.asset(webDir, { exclude: ['assets', ...withOrigin.map(({ file }) => file)] }),
          ...withOrigin.map(({ file, text }) => Source.data(file, text.replaceAll(SITE_ORIGIN_PLACEHOLDER, this.url))),
        ]
      : [Source.data('index.html', PLACEHOLDER_PAGE)];
    const entry = new BucketDeployment(this, 'DeployEntry', {
      sources: [...pages, Source.jsonData('runtime-config.json', runtimeConfig)],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    if (assets) entry.node.addDependency(assets);
  }
}

const PLACEHOLDER_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hairline Rater</title></head>
<body><p>The web build was not deployed: run <code>npm run build:web</code>, then <code>npx cdk deploy</code> again.</p></body></html>
`;
