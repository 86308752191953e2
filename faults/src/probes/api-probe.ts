/** Requests to the API role as a browser makes them, timed (503 within 2 s during a database outage). */
import { waitFor, type SmtpPeer } from '@coinpace/adapters/testing';
import { signUpLinkCode } from '@coinpace/domain';

export interface TimedResponse {
  status: number;
  /** From sending to the whole answer, ms. */
  ms: number;
  /** `code` of an error body, if any. */
  code?: string;
}

/**
 * Signs up a local user, opens the link e-mailed to it (received by the run's SMTP peer) and returns the
 * new account's bearer token.
 */
export async function signUp(apiUrl: string, smtp: Pick<SmtpPeer, 'messages'>): Promise<string> {
  const email = `faults-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const response = await fetch(`${apiUrl}/api/auth/local/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', firstName: 'Fault' }),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 202) throw new Error(`sign-up failed: ${response.status}`);
  let code: string | undefined;
  await waitFor(
    () => {
      const mail = smtp.messages.find((m) => m.rcptTo.includes(email));
      code = mail?.text ? signUpLinkCode(mail.text) : undefined;
      return code !== undefined;
    },
    { what: `the sign-up link to ${email}`, timeoutMs: 30_000 },
  );
  const confirmed = await fetch(`${apiUrl}/api/auth/local/confirm-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await confirmed.json()) as { token?: string };
  if (confirmed.status !== 201 || !body.token) throw new Error(`confirm-email failed: ${confirmed.status}`);
  return body.token;
}

/** One request; a request with no answer within `timeoutMs` counts as status 0. */
export async function timedRequest(
  url: string,
  options: { method?: string; token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<TimedResponse> {
  const started = Date.now();
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      // Not JSON.
    }
    return { status: response.status, ms: Date.now() - started, code };
  } catch {
    return { status: 0, ms: Date.now() - started };
  }
}
