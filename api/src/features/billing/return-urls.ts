import { AppError } from '@coinpace/domain';

/** The placeholder both providers replace with the checkout session id. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/**
 * The success and cancel URLs of a checkout (SPEC.md section 7): the account page with
 * `session_id={CHECKOUT_SESSION_ID}`, and the dashboard page. The client may send its own, but only on our
 * origin (PUBLIC_URL's, or the one it called us on), so a checkout can never bounce a user elsewhere.
 */
export function returnUrls(
  publicUrl: string,
  requestOrigin: string,
  input: { successUrl?: string; cancelUrl?: string },
): { successUrl: string; cancelUrl: string } {
  const check = (value: string, field: string) => ownSiteUrl(publicUrl, requestOrigin, value, field);
  return {
    successUrl: input.successUrl
      ? check(input.successUrl, 'successUrl')
      : `${publicUrl}/account?session_id=${SESSION_ID_PLACEHOLDER}`,
    cancelUrl: input.cancelUrl ? check(input.cancelUrl, 'cancelUrl') : `${publicUrl}/dashboard`,
  };
}

/** `value` when it is on our origin (PUBLIC_URL's, or the one the browser called us on); else a 400 naming `field`. */
export function ownSiteUrl(publicUrl: string, requestOrigin: string, value: string, field: string): string {
  const allowed = new Set([new URL(publicUrl).origin, requestOrigin]);
  if (!allowed.has(new URL(value).origin)) {
    throw new AppError('VALIDATION_FAILED', {
      message: `${field} must point to this site.`,
      details: [{ path: field, message: 'Must point to this site' }],
    });
  }
  return value;
}

/** The success URL with the session id put in, as the providers do on completion. */
export function fillSessionId(url: string, sessionId: string): string {
  return url.replace(SESSION_ID_PLACEHOLDER, encodeURIComponent(sessionId));
}
