/** Plumbing the local servers (the gateway, the Stripe emulator) share: bounded request bodies and JSON answers. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The request's body; past `maxBytes` it stops reading and throws `tooLarge()` (each server answers that its way). */
export async function readBody(req: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A JSON answer; `indent` pretty-prints it (the Stripe emulator does, like Stripe's API). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  indent?: number,
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body, null, indent));
}
