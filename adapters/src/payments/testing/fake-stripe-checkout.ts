/** Checkout sessions of the fake Stripe: `POST /v1/checkout/sessions` validated and built as Stripe does. */
import { formArray, formObject, formString, formStrings, type FormObject } from './form-body.ts';
import { newId, type FakeCheckoutSession } from './fake-stripe-objects.ts';
import { StripeHttpError } from './fake-stripe-subscriptions.ts';

export interface NewSessionContext {
  now: Date;
  baseUrl: string;
  isKnownPrice: (price: string) => boolean;
  /** The customer's e-mail (null when it has none), or undefined for a customer that does not exist. */
  customerEmail: (customerId: string) => string | null | undefined;
}

/** A new open subscription-mode session from the request's form body; throws StripeHttpError as Stripe answers. */
export function newCheckoutSession(body: FormObject, o: NewSessionContext): FakeCheckoutSession {
  if (body.mode !== 'subscription') {
    throw new StripeHttpError(400, 'This fake only supports mode=subscription.', { param: 'mode' });
  }
  const lineItems = formArray(body.line_items).map((li, i) => {
    const price = formString(formObject(li).price);
    if (!price || !o.isKnownPrice(price)) {
      throw new StripeHttpError(400, `No such price: '${price}'`, {
        code: 'resource_missing',
        param: `line_items[${i}][price]`,
      });
    }
    return { price, quantity: Number(formString(formObject(li).quantity) ?? '1') };
  });
  if (lineItems.length === 0) throw new StripeHttpError(400, 'Missing required param: line_items.');
  const successUrl = formString(body.success_url);
  if (!successUrl)
    throw new StripeHttpError(400, 'Missing required param: success_url.', { param: 'success_url' });
  const customer = formString(body.customer) ?? null;
  if (customer && o.customerEmail(customer) === undefined) {
    throw new StripeHttpError(400, `No such customer: '${customer}'`, {
      code: 'resource_missing',
      param: 'customer',
    });
  }
  const id = newId('cs_test');
  const created = o.now;
  const session: FakeCheckoutSession = {
    id,
    created,
    expiresAt: new Date(created.getTime() + 24 * 3600_000),
    status: 'open',
    customer,
    customerEmail: formString(body.customer_email) ?? (customer ? (o.customerEmail(customer) ?? null) : null),
    clientReferenceId: formString(body.client_reference_id) ?? null,
    metadata: formStrings(body.metadata),
    subscriptionMetadata: formStrings(formObject(body.subscription_data).metadata),
    lineItems,
    successUrl,
    cancelUrl: formString(body.cancel_url) ?? successUrl,
    subscription: null,
    url: `${o.baseUrl}/c/pay/${id}`,
  };
  return session;
}
