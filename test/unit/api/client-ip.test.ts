import { describe, expect, it } from 'vitest';
import { clientIp } from '../../../lambdas/http/client-ip.ts';
import { event } from './helpers.ts';

describe('clientIp', () => {
  it('uses CloudFront-Viewer-Address when present (IPv4 and IPv6), else sourceIp', () => {
    expect(clientIp(event())).toBe('127.0.0.1');
    expect(clientIp(event({ headers: { 'CloudFront-Viewer-Address': '203.0.113.9:4711' } }))).toBe('203.0.113.9');
    expect(clientIp(event({ headers: { 'cloudfront-viewer-address': '2001:db8::1:4711' } }))).toBe('2001:db8::1');
  });
});
