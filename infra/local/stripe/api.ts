/** Stripe-shaped resources: validation of SDK parameters and the objects the API returns. */
import type { FormObject, FormValue } from './form.ts';
import { newId, nowSeconds, type Json, type SessionRecord, type State } from './store.ts';

/** Stripe's error envelope; the SDK maps status + type to StripeInvalidRequestError, StripeAuthenticationError, ... */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
  toJSON(): Json {
    return { error: { type: this.type, code: this.code, message: this.message, param: this.param } };
  }
}

/** 404 for the resource in the URL; Stripe answers 400 when a referenced id in the params is unknown. */
export const missing = (kind: string, id: string, param = 'id'): ApiError =>
  new ApiError(param === 'id' ? 404 : 400, `No such ${kind}: '${id}'`, param, 'resource_missing');

const required = (param: string): ApiError =>
  new ApiError(400, `Missing required param: ${param}.`, param, 'parameter_missing');

function optString(p: FormObject, key: string, param = key): string | null {
  const v = p[key];
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string') throw new ApiError(400, `Invalid string: ${param}`, param, 'parameter_invalid_string');
  return v;
}

function reqString(p: FormObject, key: string, param = key): string {
  const v = optString(p, key, param);
  if (v === null) throw required(param);
  return v;
}

function reqInt(p: FormObject, key: string, param: string, min: number): number {
  const v = reqString(p, key, param);
  if (!/^\d+$/.test(v) || Number(v) < min)
    throw new ApiError(400, `Invalid integer: ${v}`, param, 'parameter_invalid_integer');
  return Number(v);
}

function optObject(p: FormObject, key: string, param = key): FormObject | null {
  const v = p[key];
  if (v === undefined || v === '') return null;
  if (typeof v !== 'object' || Array.isArray(v)) throw new ApiError(400, `Invalid object: ${param}`, param);
  return v;
}

function metadata(p: FormObject, param = 'metadata'): Record<string, string> {
  const m = optObject(p, 'metadata', param) ?? {};
  for (const [k, v] of Object.entries(m)) {
    if (typeof v !== 'string') throw new ApiError(400, `Invalid metadata value for key ${k}`, `${param}[${k}]`);
  }
  return m as Record<string, string>;
}

/** `expand[]` from a query string or form body, as a set of dotted paths. */
export function expansions(p: FormObject): Set<string> {
  const e: FormValue | undefined = p.expand;
  if (e === undefined) return new Set();
  return new Set((Array.isArray(e) ? e : [e]).filter((x): x is string => typeof x === 'string'));
}

export function createCustomer(state: State, p: FormObject): Json {
  const customer = {
    id: newId('cus_', 14),
    object: 'customer',
    created: nowSeconds(),
    description: optString(p, 'description'),
    email: optString(p, 'email'),
    livemode: false,
    metadata: metadata(p),
    name: optString(p, 'name'),
    phone: optString(p, 'phone'),
  };
  state.customers[customer.id] = customer;
  return customer;
}

export function createSession(state: State, p: FormObject, baseUrl: string): SessionRecord {
  const mode = reqString(p, 'mode');
  if (mode !== 'payment')
    throw new ApiError(400, `The local Stripe emulator only supports mode=payment, got '${mode}'.`, 'mode');
  const successUrl = reqString(p, 'success_url');
  const cancelUrl = optString(p, 'cancel_url');
  const customer = optString(p, 'customer');
  const customerEmail = optString(p, 'customer_email');
  if (customer && customerEmail) {
    throw new ApiError(
      400,
      'You may only specify one of these parameters: customer, customer_email.',
      'customer_email',
    );
  }
  if (customer && !state.customers[customer]) throw missing('customer', customer, 'customer');

  const rawItems = p.line_items;
  if (rawItems === undefined || rawItems === '') throw required('line_items');
  if (!Array.isArray(rawItems) || rawItems.length === 0) throw new ApiError(400, 'Invalid array', 'line_items');
  const created = nowSeconds();
  const products: Record<string, Json> = {};
  const lineItems = rawItems.map((raw, i) => {
    const at = `line_items[${i}]`;
    if (typeof raw !== 'object' || Array.isArray(raw)) throw new ApiError(400, `Invalid object: ${at}`, at);
    if (raw.price !== undefined) {
      throw new ApiError(400, 'The local Stripe emulator supports only price_data, not price ids.', `${at}[price]`);
    }
    const quantity = reqInt(raw, 'quantity', `${at}[quantity]`, 1);
    const pd = optObject(raw, 'price_data', `${at}[price_data]`);
    if (!pd) throw required(`${at}[price_data]`);
    const currency = reqString(pd, 'currency', `${at}[price_data][currency]`).toLowerCase();
    const unitAmount = reqInt(pd, 'unit_amount', `${at}[price_data][unit_amount]`, 0);
    const prodData = optObject(pd, 'product_data', `${at}[price_data][product_data]`);
    if (!prodData) throw required(`${at}[price_data][product_data]`);
    const product = {
      id: newId('prod_', 14),
      object: 'product',
      active: false,
      created,
      description: optString(prodData, 'description'),
      images: [],
      livemode: false,
      metadata: metadata(prodData, `${at}[price_data][product_data][metadata]`),
      name: reqString(prodData, 'name', `${at}[price_data][product_data][name]`),
    };
    products[product.id] = product;
    const amount = unitAmount * quantity;
    return {
      id: newId('li_'),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency,
      description: product.name,
      price: {
        id: newId('price_'),
        object: 'price',
        active: false,
        billing_scheme: 'per_unit',
        created,
        currency,
        livemode: false,
        metadata: {},
        product: product.id,
        type: 'one_time',
        unit_amount: unitAmount,
        unit_amount_decimal: String(unitAmount),
      },
      quantity,
    };
  });
  const currency = lineItems[0]!.currency;
  if (lineItems.some((li) => li.currency !== currency)) {
    throw new ApiError(400, 'All line items must use the same currency.', 'line_items');
  }
  const total = lineItems.reduce((sum, li) => sum + li.amount_total, 0);
  const id = newId('cs_test_a1', 56);
  const session = {
    id,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    cancel_url: cancelUrl,
    client_reference_id: optString(p, 'client_reference_id'),
    created,
    currency,
    customer,
    customer_details: null,
    customer_email: customerEmail,
    expires_at: created + 24 * 3600,
    livemode: false,
    metadata: metadata(p),
    mode,
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    success_url: successUrl,
    ui_mode: 'hosted',
    url: `${baseUrl}/pay/${id}`,
  };
  const record: SessionRecord = { session, lineItems, products };
  state.sessions[id] = record;
  return record;
}

/** Marks the session paid and records its event; returns null when it was already complete. */
export function completeSession(state: State, rec: SessionRecord, apiVersion: string): Json | null {
  const s = rec.session;
  if (s.status === 'complete') return null;
  const customer = typeof s.customer === 'string' ? state.customers[s.customer] : undefined;
  Object.assign(s, {
    status: 'complete',
    payment_status: 'paid',
    payment_intent: newId('pi_'),
    customer_details: {
      email: customer?.email ?? s.customer_email ?? null,
      name: customer?.name ?? null,
      phone: null,
      tax_exempt: 'none',
    },
    url: null, // Stripe clears the hosted URL once a session is no longer open.
  });
  const event = {
    id: newId('evt_'),
    object: 'event',
    api_version: apiVersion,
    created: nowSeconds(),
    data: { object: structuredClone(s) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
  };
  state.events[event.id] = event;
  rec.completedEventId = event.id;
  return event;
}

export function lineItemList(rec: SessionRecord, expandProduct: boolean): Json {
  const data = rec.lineItems.map((li) => {
    if (!expandProduct) return li;
    const price = li.price as Json;
    return { ...li, price: { ...price, product: rec.products[String(price.product)] } };
  });
  return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${String(rec.session.id)}/line_items` };
}

export function sessionView(state: State, rec: SessionRecord, expand: Set<string>, baseUrl: string): Json {
  const view: Json = { ...rec.session };
  // A restored state file may come from a run on another port; point open sessions at this one.
  if (view.status === 'open') view.url = `${baseUrl}/pay/${String(view.id)}`;
  if (expand.has('line_items') || expand.has('line_items.data.price.product')) {
    view.line_items = lineItemList(rec, expand.has('line_items.data.price.product'));
  }
  if (expand.has('customer') && typeof view.customer === 'string')
    view.customer = state.customers[view.customer] ?? view.customer;
  return view;
}

/** The charge behind a paid session (made on first use: the emulator has no separate charge objects). */
function chargeOf(rec: SessionRecord): { id: string; amountRefunded: number } {
  rec.charge ??= { id: newId('ch_'), amountRefunded: 0 };
  return rec.charge;
}

/**
 * Refunds `amount` (default: all that is left) of a paid session's payment, as Stripe does: a refund beyond what is
 * left of the charge is refused (`charge_already_refunded` once nothing is left), and the charge's `amount_refunded`
 * grows by the refund.
 */
export function refundPayment(rec: SessionRecord, amount: number | null, reason: unknown): Json {
  const paid = Number(rec.session.amount_total);
  const charge = chargeOf(rec);
  const left = paid - charge.amountRefunded;
  if (left <= 0) {
    throw new ApiError(400, `Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  }
  const value = amount ?? left;
  if (!Number.isInteger(value) || value <= 0) throw new ApiError(400, `Invalid integer: ${value}`, 'amount');
  if (value > left) {
    throw new ApiError(
      400,
      `Refund amount (${value}) is greater than unrefunded amount on charge (${left})`,
      'amount',
      'amount_too_large',
    );
  }
  charge.amountRefunded += value;
  const refund = {
    id: newId('re_'),
    object: 'refund',
    payment_intent: rec.session.payment_intent,
    charge: charge.id,
    amount: value,
    currency: rec.session.currency,
    status: 'succeeded',
    reason: typeof reason === 'string' ? reason : null,
    created: nowSeconds(),
  };
  rec.refunds = [...(rec.refunds ?? []), refund];
  return refund;
}

/** The charge as Stripe shows it in `charge.*` events: amounts in the smallest unit, `amount_refunded` cumulative. */
export function chargeView(rec: SessionRecord): Json {
  const s = rec.session;
  const paid = Number(s.amount_total);
  const charge = chargeOf(rec);
  return {
    id: charge.id,
    object: 'charge',
    amount: paid,
    currency: s.currency,
    payment_intent: s.payment_intent,
    paid: true,
    amount_refunded: charge.amountRefunded,
    refunded: charge.amountRefunded >= paid,
    disputed: rec.dispute !== undefined,
  };
}

/** Opens the payment's dispute (one per charge, as Stripe has), or closes it with `status` (won, lost, warning_closed). */
export function disputeView(rec: SessionRecord, close: string | null): Json {
  const s = rec.session;
  const charge = chargeOf(rec);
  if (close !== null && !['won', 'lost', 'warning_closed'].includes(close)) {
    throw new ApiError(400, `Invalid dispute status: ${close}`, 'status');
  }
  if (close !== null && !rec.dispute) throw new ApiError(400, 'The payment has no dispute to close.');
  rec.dispute ??= { id: newId('dp_'), status: 'needs_response' };
  if (close !== null) rec.dispute.status = close;
  return {
    id: rec.dispute.id,
    object: 'dispute',
    amount: Number(s.amount_total),
    currency: s.currency,
    charge: charge.id,
    payment_intent: s.payment_intent,
    reason: 'fraudulent',
    status: rec.dispute.status,
  };
}

/**
 * Stripe's customer search, for the one query form we use: `metadata['key']:'value'`. (Stripe's search is eventually
 * consistent; the emulator's is immediate.)
 */
export function searchCustomers(state: State, p: FormObject): Json {
  const query = optString(p, 'query');
  if (query === null) throw required('query');
  const m = /^metadata\[['"]([^'"]+)['"]\]:['"]((?:[^'"\\]|\\.)*)['"]$/.exec(query.trim());
  if (!m) throw new ApiError(400, `The local Stripe emulator supports only metadata['key']:'value' searches.`, 'query');
  const [, key, raw] = m;
  const value = raw!.replace(/\\(.)/g, '$1');
  const data = Object.values(state.customers).filter((c) => (c.metadata as Record<string, string>)[key!] === value);
  return { object: 'search_result', url: '/v1/customers/search', has_more: false, next_page: null, data };
}
