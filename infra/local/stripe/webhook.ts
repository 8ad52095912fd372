/** Signs and delivers events the way Stripe does (see stripe.webhooks.constructEvent). */
import { createHmac } from 'node:crypto';
import { nowSeconds } from './store.ts';

export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface DeliveryResult {
  delivered: boolean;
  /** HTTP status of the last attempt; null when the receiver could not be reached. */
  status: number | null;
  attempts: number;
}

export interface DeliveryOptions {
  url: string | undefined;
  secret: string;
  log: (line: string) => void;
  retries?: number;
  backoffMs?: number;
  timeoutMs?: number;
}

export async function deliverEvent(event: Record<string, unknown>, opts: DeliveryOptions): Promise<DeliveryResult> {
  const { url, secret, log, retries = 3, backoffMs = 100, timeoutMs = 5000 } = opts;
  if (!url) {
    log(`webhook ${String(event.type)} ${String(event.id)}: no webhook URL set, not delivered`);
    return { delivered: false, status: null, attempts: 0 };
  }
  const payload = JSON.stringify(event, null, 2);
  let status: number | null = null;
  let attempt = 0;
  while (attempt <= retries) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, backoffMs * 2 ** (attempt - 1)));
    attempt++;
    let detail: string;
    try {
      // Re-signed per attempt: Stripe stamps every attempt with a fresh timestamp.
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signatureHeader(payload, secret),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) local-emulator',
        },
        body: payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      detail = `HTTP ${res.status}`;
    } catch (err) {
      status = null;
      detail = (err as Error).cause ? String((err as Error).cause) : String(err);
    }
    const ok = status !== null && status >= 200 && status < 300;
    log(
      `webhook ${String(event.type)} ${String(event.id)} -> ${url} attempt ${attempt}: ${ok ? 'delivered' : 'failed'} (${detail})`,
    );
    if (ok) return { delivered: true, status, attempts: attempt };
  }
  log(`webhook ${String(event.type)} ${String(event.id)}: giving up after ${attempt} attempts`);
  return { delivered: false, status, attempts: attempt };
}
