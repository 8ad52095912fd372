/** The client's address for rate limiting. */
import { header } from './body.ts';
import type { ApiEvent } from './types.ts';

/**
 * Behind CloudFront, API Gateway's sourceIp is the edge's address; CloudFront's `CloudFront-Viewer-Address`
 * ("ip:port", when the origin request policy forwards it) names the viewer. Without it, the connection's sourceIp.
 */
export function clientIp(event: Pick<ApiEvent, 'headers' | 'requestContext'>): string {
  const viewer = header(event, 'cloudfront-viewer-address');
  if (viewer) {
    const ip = viewer.slice(0, viewer.lastIndexOf(':') > 0 ? viewer.lastIndexOf(':') : undefined).trim();
    if (ip) return ip;
  }
  return event.requestContext?.http?.sourceIp || 'unknown';
}
