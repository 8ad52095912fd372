/** In-memory state of the emulator, optionally mirrored to a JSON file after every mutation. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type Json = Record<string, unknown>;

export interface SessionRecord {
  session: Json;
  lineItems: Json[];
  products: Record<string, Json>;
  /** Kept so redelivery sends the same event id, as Stripe's retries do. */
  completedEventId?: string;
  /** The payment's charge, once paid: its id, what has been refunded so far (cumulative, as Stripe's `amount_refunded`) */
  charge?: { id: string; amountRefunded: number };
  /** Refunds of the payment, oldest first. */
  refunds?: Json[];
  /** The payment's dispute, once the cardholder opened one. */
  dispute?: { id: string; status: string };
}

export interface State {
  version: 1;
  customers: Record<string, Json>;
  sessions: Record<string, SessionRecord>;
  events: Record<string, Json>;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newId(prefix: string, length = 24): string {
  // 248 = 4 * 62 keeps the modulo unbiased.
  const chars: string[] = [];
  while (chars.length < length) {
    for (const b of randomBytes(length)) if (b < 248 && chars.length < length) chars.push(ALPHABET[b % 62]!);
  }
  return `${prefix}${chars.join('')}`;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export class Store {
  readonly state: State;

  constructor(private readonly file?: string) {
    this.state = file ? load(file) : empty();
  }

  /** Write to a sibling temp file and rename, so a crash never leaves half a JSON file behind. */
  save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.${newId('', 8)}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state, null, 2));
    renameSync(tmp, this.file);
  }
}

const empty = (): State => ({ version: 1, customers: {}, sessions: {}, events: {} });

function load(file: string): State {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return empty();
    throw err;
  }
  // Refuse to start on a corrupt file rather than silently overwrite it with an empty state.
  const parsed = JSON.parse(text) as Partial<State>;
  if (parsed.version !== 1) throw new Error(`Unsupported Stripe emulator state file: ${file}`);
  return { ...empty(), ...parsed };
}
