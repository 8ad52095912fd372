import type { ApiEvent } from '#lambdas/http/types.ts';

/** A multipart/form-data body as browsers build it. */
export function multipartBody(
  parts: (
    { name: string; value: string } | { name: string; filename: string; contentType?: string; data: Uint8Array }
  )[],
  boundary = '----vitestBoundary7MA4YWxkTrZu0gW',
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n`));
      if (p.contentType !== undefined) chunks.push(Buffer.from(`Content-Type: ${p.contentType}\r\n`));
      chunks.push(Buffer.from('\r\n'), Buffer.from(p.data), Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function event(over: Partial<ApiEvent> & { headers?: Record<string, string> } = {}): ApiEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      requestId: 'r',
      routeKey: 'POST /api/test',
      stage: '$default',
      time: '',
      timeEpoch: 0,
      http: { method: 'POST', path: '/api/test', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: { token_use: 'id' }, scopes: [] } },
    },
    ...over,
  };
}

export const JPEG_MAGIC = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
export const PNG_MAGIC = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
