/** HTML for the hosted test checkout page. No external assets: it must work offline. */
import type { Json } from './store.ts';

const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

export function formatAmount(minor: number, currency: string): string {
  const major = ZERO_DECIMAL.has(currency.toLowerCase()) ? minor : minor / 100;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(major);
}

const escapeHtml = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
  main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px #0002; }
  .notice { background: #fff4e5; color: #5c3c00; padding: .5rem .75rem; border-radius: 4px; font-size: .875rem; }
  ul { list-style: none; padding: 0; } li { display: flex; justify-content: space-between; gap: 1rem; padding: .5rem 0; border-bottom: 1px solid #e3e8ee; }
  .total { font-size: 1.25rem; font-weight: 600; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; } form { flex: 1; }
  button { width: 100%; font: inherit; padding: .75rem; border-radius: 6px; border: 1px solid #635bff; cursor: pointer; }
  button.pay { background: #635bff; color: #fff; } button.cancel { background: #fff; color: #3c35c7; }
  button:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function checkoutPage(session: Json, lineItems: Json[], products: Record<string, Json>): string {
  const id = encodeURIComponent(String(session.id));
  const currency = String(session.currency);
  const total = formatAmount(Number(session.amount_total), currency);
  const items = lineItems
    .map((li) => {
      const price = li.price as Json;
      const product = products[String(price.product)] ?? {};
      const desc = product.description ? `<br><small>${escapeHtml(product.description)}</small>` : '';
      const qty = Number(li.quantity) > 1 ? ` × ${escapeHtml(li.quantity)}` : '';
      return `<li><span>${escapeHtml(product.name ?? li.description)}${qty}${desc}</span><span>${escapeHtml(formatAmount(Number(li.amount_total), currency))}</span></li>`;
    })
    .join('\n');
  const paid = session.status === 'complete';
  const actions = paid
    ? `<p role="status">This payment is complete.</p>
<div class="actions"><form method="post" action="/pay/${id}/pay"><button type="submit" class="pay">Continue</button></form></div>`
    : `<div class="actions">
<form method="post" action="/pay/${id}/pay"><button type="submit" class="pay">Pay</button></form>
<form method="post" action="/pay/${id}/cancel"><button type="submit" class="cancel">Cancel</button></form>
</div>`;
  return layout(
    'Stripe test checkout',
    `<h1>Stripe test checkout</h1>
<p class="notice">Local emulator: no real payment is taken.</p>
<section aria-labelledby="summary"><h2 id="summary">Order summary</h2>
<ul>
${items}
</ul>
<p class="total">Total due: <span data-testid="amount-total">${escapeHtml(total)}</span></p>
</section>
${actions}`,
  );
}

export function notFoundPage(id: string): string {
  return layout(
    'Checkout session not found',
    `<h1>Checkout session not found</h1>\n<p>No such checkout session: ${escapeHtml(id)}</p>`,
  );
}
