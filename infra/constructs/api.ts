import { Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnStage,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpStage,
  LogGroupLogDestination,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Route, RouteName } from '#shared/routes.ts';

export interface ApiProps {
  prod: boolean;
  /** stage throttling, each route's default: steady requests per second and burst (RouteDef.throttle overrides it per route) */
  rateLimit: number;
  burstLimit: number;
}

/** The HTTP API behind CloudFront's /api/* and /r/*: one route per ROUTES entry, JWT-checked where auth is true. */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly routes: Partial<Record<RouteName, HttpRoute>> = {};
  private authorizer?: IHttpRouteAuthorizer;
  private readonly routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    // no CORS: browsers reach the API through the site's own origin (CloudFront /api/*)
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${Stack.of(this).stackName}-api`,
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: props.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: props.rateLimit, burstLimit: props.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userSub: '$context.authorizer.claims.sub',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
  }

  /** host name of the API, for CloudFront's HTTP origin */
  get domainName(): string {
    return Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
  }

  /** Cognito tokens: issuer is the user pool, audience the web client (ID tokens: aud, access tokens: client_id). */
  useCognito(issuerUrl: string, clientId: string): void {
    this.authorizer = new HttpJwtAuthorizer('CognitoJwt', issuerUrl, {
      authorizerName: 'cognito-jwt',
      jwtAudience: [clientId],
      identitySource: ['$request.header.Authorization'],
    });
  }

  addRoute(route: Route, fn: IFunction, integrationId: string): void {
    if (route.auth && !this.authorizer) throw new Error(`route ${route.name} needs auth: call useCognito first`);
    [this.routes[route.name]] = this.httpApi.addRoutes({
      path: route.path,
      methods: [HttpMethod[route.method]],
      integration: new HttpLambdaIntegration(integrationId, fn),
      authorizer: route.auth ? this.authorizer : undefined,
    });
    if (route.throttle) {
      this.routeSettings[`${route.method} ${route.path}`] = {
        ThrottlingRateLimit: route.throttle.rate,
        ThrottlingBurstLimit: route.throttle.burst,
      };
      // the whole map at once: a route key's own dots ("card.png") would split an override path
      (this.stage.node.defaultChild as CfnStage).addPropertyOverride('RouteSettings', this.routeSettings);
    }
  }
}
