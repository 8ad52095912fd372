import { describe, expect, it } from 'vitest';
import { clientIp } from '#lambdas/http/client-ip.ts';
import { event } from '#test/support/lambda-event.ts';

describe('clientIp', () => {
  it('uses CloudFront-Viewer-Address when present (IPv4 and IPv6), else sourceIp', () => {
    expect(clientIp(event())).toBe('127.0.0.1');
    expect(clientIp(event({ headers: { 'CloudFront-Viewer-Address': '203.0.113.9:4711' } }))).toBe('203.0.113.9');
    expect(clientIp(event({ headers: { 'cloudfront-viewer-address': '2001:db8::1:4711' } }))).toBe('2001:db8::1');
  });
});

describe('rateLimitNetwork', () => {
  it('counts an IPv4 address as itself and an IPv6 address by its /64, however it is written', async () => {
    const { rateLimitNetwork } = await import('#lambdas/http/client-ip.ts');
    expect(rateLimitNetwork('203.0.113.9')).toBe('203.0.113.9');
    const one = rateLimitNetwork('2001:db8:a:b:1:2:3:4');
    expect(one).toBe('2001:db8:a:b::/64');
    for (const same of [
      '2001:db8:a:b::9',
      '2001:0db8:000a:000b:ffff:ffff:ffff:ffff',
      '2001:DB8:A:B::',
      '2001:db8:a:b::203.0.113.9',
    ]) {
      expect(rateLimitNetwork(same), same).toBe(one);
    }
    expect(rateLimitNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitNetwork('2001:db8:a:c::1')).not.toBe(one);
    expect(rateLimitNetwork('not an address')).toBe('not an address');
  });
});
