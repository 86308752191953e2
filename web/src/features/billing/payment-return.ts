/**
 * Coming back from checkout with `session_id` (SPEC.md section 4, Payment return; section 9, Timing):
 * wait for the signed-in user (poll every 100 ms, give up after 10 s), take session_id out of the address,
 * confirm the payment (payment-success), announce 'Plan upgraded to: {plan}' and go to the account page after
 * 1.5 s; on failure say so and go there at once. Meanwhile the billing info reloads at 0, 2, 5, 10 and 15 s,
 * so a plan that a webhook settles a moment later still shows up.
 *
 * Pure of React and timers: everything with an effect comes in through `deps`, so tests drive time.
 */
import type { PaymentSuccessResponse } from '@coinpace/domain';

export const PAYMENT_RETURN_TIMING = Object.freeze({
  userPollMs: 100,
  userWaitMs: 10_000,
  redirectMs: 1_500,
  billingReloadsMs: Object.freeze([0, 2_000, 5_000, 10_000, 15_000]),
});

export const PAYMENT_UNCLEAR = 'Payment processed but status unclear. Please refresh the page.';
/** Where a user whose payment return failed should look, and whom to ask (SPEC.md section 4, Payment return). */
export const PAYMENT_CHECK_ACCOUNT =
  'Please check your account page in a moment, or contact support if your plan does not appear.';
export const PAYMENT_NOT_CONFIRMED = `We could not confirm your payment yet. ${PAYMENT_CHECK_ACCOUNT}`;

export interface PaymentReturnDeps {
  sessionId: string;
  /** Whether the user is loaded (signed in and ensured server-side). */
  userReady(): boolean;
  confirm(sessionId: string): Promise<PaymentSuccessResponse>;
  reloadBilling(): Promise<unknown>;
  /** Removes session_id from the address (replacing the history entry). */
  clearSessionId(): void;
  goToAccount(): void;
  notify(kind: 'success' | 'error', text: string): void;
  sleep(ms: number): Promise<void>;
  errorMessage(error: unknown): string;
}

export type PaymentReturnOutcome = 'success' | 'failed' | 'no-user';

/** Runs the payment return; resolves when the flow is done (the billing reloads may still be running). */
export async function runPaymentReturn(deps: PaymentReturnDeps): Promise<PaymentReturnOutcome> {
  const timing = PAYMENT_RETURN_TIMING;
  for (let waited = 0; !deps.userReady(); waited += timing.userPollMs) {
    if (waited >= timing.userWaitMs) {
      deps.clearSessionId();
      deps.notify('error', PAYMENT_UNCLEAR);
      return 'no-user';
    }
    await deps.sleep(timing.userPollMs);
  }
  deps.clearSessionId();
  void reloadBillingOnSchedule(deps);

  let result: PaymentSuccessResponse;
  try {
    result = await deps.confirm(deps.sessionId);
  } catch (error) {
    deps.notify('error', `Payment processing error: ${deps.errorMessage(error)} ${PAYMENT_CHECK_ACCOUNT}`);
    deps.goToAccount();
    return 'failed';
  }
  if (!result.success) {
    deps.notify('error', PAYMENT_NOT_CONFIRMED);
    deps.goToAccount();
    return 'failed';
  }
  deps.notify('success', `Plan upgraded to: ${result.plan}`);
  await deps.sleep(timing.redirectMs);
  deps.goToAccount();
  return 'success';
}

async function reloadBillingOnSchedule(deps: Pick<PaymentReturnDeps, 'reloadBilling' | 'sleep'>) {
  let previous = 0;
  for (const at of PAYMENT_RETURN_TIMING.billingReloadsMs) {
    await deps.sleep(at - previous);
    previous = at;
    await deps.reloadBilling().catch(() => undefined);
  }
}
