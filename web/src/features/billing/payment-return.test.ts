import type { PaymentSuccessResponse } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import {
  PAYMENT_NOT_CONFIRMED,
  PAYMENT_UNCLEAR,
  runPaymentReturn,
  type PaymentReturnDeps,
} from './payment-return.ts';

/** Virtual time: `sleep` parks until `run` moves the clock past its deadline. */
function virtualClock() {
  let now = 0;
  const timers: { at: number; resolve: () => void }[] = [];
  const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((resolve) => timers.push({ at: now + ms, resolve })),
    /** Runs timers in order until `until` ms, letting promise chains settle between them. */
    async run(until: number) {
      await flush();
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        now = next.at;
        next.resolve();
        await flush();
      }
      now = until;
    },
  };
}

function setup(options: { readyAt?: number; confirm?: () => Promise<PaymentSuccessResponse> } = {}) {
  const clock = virtualClock();
  const log: string[] = [];
  const deps: PaymentReturnDeps = {
    sessionId: 'cs_1',
    userReady: () => clock.now() >= (options.readyAt ?? 0),
    confirm: async (id) => {
      log.push(`${clock.now()} confirm ${id}`);
      return options.confirm ? options.confirm() : { success: true, plan: 'Token Run' };
    },
    reloadBilling: async () => void log.push(`${clock.now()} reload`),
    clearSessionId: () => log.push(`${clock.now()} clear`),
    goToAccount: () => log.push(`${clock.now()} account`),
    notify: (kind, text) => log.push(`${clock.now()} ${kind}: ${text}`),
    sleep: clock.sleep,
    errorMessage: (error) => (error as Error).message,
  };
  return { clock, log, deps };
}

describe('payment return', () => {
  it('confirms, announces the plan, goes to the account after 1.5 s, and reloads billing at 0, 2, 5, 10, 15 s', async () => {
    const { clock, log, deps } = setup();
    const outcome = runPaymentReturn(deps);
    await clock.run(20_000);
    await expect(outcome).resolves.toBe('success');
    expect(log.filter((line) => line.endsWith('reload'))).toEqual([
      '0 reload',
      '2000 reload',
      '5000 reload',
      '10000 reload',
      '15000 reload',
    ]);
    expect(log.filter((line) => !line.endsWith('reload'))).toEqual([
      '0 clear',
      '0 confirm cs_1',
      '0 success: Plan upgraded to: Token Run',
      '1500 account',
    ]);
  });

  it('polls for the user every 100 ms and starts once it is loaded', async () => {
    const { clock, log, deps } = setup({ readyAt: 250 });
    const outcome = runPaymentReturn(deps);
    await clock.run(2_000);
    await expect(outcome).resolves.toBe('success');
    expect(log[0]).toBe('300 clear');
    expect(log[1]).toBe('300 confirm cs_1');
  });

  it('gives up after 10 s without a user', async () => {
    const { clock, log, deps } = setup({ readyAt: Number.POSITIVE_INFINITY });
    const outcome = runPaymentReturn(deps);
    await clock.run(9_999);
    expect(log).toEqual([]);
    await clock.run(30_000);
    await expect(outcome).resolves.toBe('no-user');
    expect(log).toEqual(['10000 clear', `10000 error: ${PAYMENT_UNCLEAR}`]);
  });

  it('an unconfirmed payment says so and goes to the account at once', async () => {
    const { clock, log, deps } = setup({ confirm: async () => ({ success: false, plan: 'None' }) });
    const outcome = runPaymentReturn(deps);
    await clock.run(0);
    await expect(outcome).resolves.toBe('failed');
    expect(log).toContain(`0 error: ${PAYMENT_NOT_CONFIRMED}`);
    expect(log).toContain('0 account');
  });

  it('a failed call shows the payment processing error', async () => {
    const { clock, log, deps } = setup({
      confirm: async () => {
        throw new Error('Checkout session not found.');
      },
    });
    const outcome = runPaymentReturn(deps);
    await clock.run(0);
    await expect(outcome).resolves.toBe('failed');
    expect(log).toContain(
      '0 error: Payment processing error: Checkout session not found. Please check your account page in a moment, or contact support if your plan does not appear.',
    );
    expect(log).toContain('0 account');
  });
});
