import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** API Gateway HTTP API payload format 2.0; public routes simply carry no authorizer. */
export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;
export type ApiHandler = (event: ApiEvent) => Promise<ApiResult>;
