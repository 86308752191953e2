/**
 * The fake's stand-in for Stripe's hosted checkout page, for browser tests: GET /c/pay/:id shows the price and a
 * Pay button; POST /c/pay/:id/complete completes the session and redirects (303) to its success URL with
 * `{CHECKOUT_SESSION_ID}` replaced, as Stripe does. An expired session's page refuses (410).
 */
import type { ServerResponse } from 'node:http';
import { escapeHtml } from '@coinpace/domain';
import type { FakeCheckoutSession } from './fake-stripe-objects.ts';

export interface HostedCheckoutDeps {
  sessions: Map<string, FakeCheckoutSession>;
  complete: (sessionId: string) => void;
  amountOf: (price: string) => number;
}

export function serveHostedCheckout(
  method: string,
  pathname: string,
  res: ServerResponse,
  deps: HostedCheckoutDeps,
) {
  const [, , , id, action] = pathname.split('/');
  const session = id ? deps.sessions.get(id) : undefined;
  if (!session) {
    res.statusCode = 404;
    res.end('No such checkout session');
  } else if (session.status === 'expired') {
    // Stripe's hosted page no longer takes a payment for an expired session.
    res.statusCode = 410;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end('<!doctype html><title>Fake Stripe Checkout</title><h1>This checkout session has expired</h1>');
  } else if (method === 'POST' && action === 'complete') {
    if (session.status === 'open') deps.complete(session.id);
    res.statusCode = 303;
    res.setHeader('location', session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id));
    res.end();
  } else {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    const price = session.lineItems.map((li) => (deps.amountOf(li.price) / 100).toFixed(2)).join(' + ');
    res.end(
      `<!doctype html><title>Fake Stripe Checkout</title><h1>Pay $${price} / month</h1>` +
        `<form method="post" action="/c/pay/${session.id}/complete"><button type="submit">Pay</button></form>` +
        `<a href="${escapeHtml(session.cancelUrl)}">Cancel</a>`,
    );
  }
}
