import type { StackInfo } from './stack-info.ts';

/** The latest code cognito-local printed for a user, read through the gateway's local-only endpoint. */
export async function readCode(
  stack: Pick<StackInfo, 'gatewayUrl'>,
  username: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${stack.gatewayUrl}/__local/codes?username=${encodeURIComponent(username)}`);
    const body = (await res.json()) as { latest: { code: string } | null };
    if (body.latest) return body.latest.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code was printed for ${username}`);
}

/** Waits for a code newer than `previous` (e.g. a reset code after the sign-up code). */
export async function readNewCode(
  stack: Pick<StackInfo, 'gatewayUrl'>,
  username: string,
  previousCount: number,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${stack.gatewayUrl}/__local/codes?username=${encodeURIComponent(username)}`);
    const body = (await res.json()) as { codes: { code: string }[] };
    if (body.codes.length > previousCount) return body.codes.at(-1)!.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no new code was printed for ${username}`);
}

export async function codeCount(stack: Pick<StackInfo, 'gatewayUrl'>, username: string): Promise<number> {
  const res = await fetch(`${stack.gatewayUrl}/__local/codes?username=${encodeURIComponent(username)}`);
  return ((await res.json()) as { codes: unknown[] }).codes.length;
}
