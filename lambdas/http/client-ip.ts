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

/**
 * The network a rate limit counts: the address itself for IPv4, the /64 for IPv6 (one subscriber's line gets a whole /64
 * and can take a fresh address from it for every request). "2001:db8:a:b:1:2:3:4" and "2001:db8:a:b::9" are both
 * "2001:db8:a:b::/64".
 */
export function rateLimitNetwork(ip: string): string {
  if (!ip.includes(':')) return ip;
  const [head, tail] = ip.toLowerCase().split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  if (right.some((g) => g.includes('.'))) right.splice(-1, 1, '0', '0'); // an embedded IPv4 tail is two groups
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return ip;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
