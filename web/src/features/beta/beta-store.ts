/**
 * The beta waitlist in the browser (SPEC.md sections 2 and 7): the spots counter, read from
 * GET /api/beta-signup/count, and the request itself. Shared by the landing section and the form.
 */
import { AppError, BETA_MESSAGES, type BetaSignup, type BetaSignupCount } from '@coinpace/domain';
import { create } from 'zustand';
import { trackEvent } from '../../lib/analytics.ts';
import { api } from '../../lib/api-client.ts';

export interface BetaSpotsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  count: number;
  remaining: number;
}

export const useBetaSpots = create<BetaSpotsState>(() => ({ status: 'idle', count: 0, remaining: 0 }));

/** Loads the counter (again). A failure keeps the last figures and marks the state 'error'. */
export async function loadBetaSpots(): Promise<void> {
  useBetaSpots.setState((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading' }));
  try {
    const spots = await api<BetaSignupCount>('/api/beta-signup/count', { auth: false });
    useBetaSpots.setState({ status: 'ready', ...spots });
  } catch {
    useBetaSpots.setState({ status: 'error' });
  }
}

export type JoinBetaResult = { ok: true } | { ok: false; message: string };

/**
 * Sends a beta request. Success updates the counter and pushes `beta_signup_success` to the data
 * layer; a refusal gives the server's message ('Beta signup is full', already on the list, a field
 * problem), anything else SPEC.md's 'There was an error. Please try again.'
 */
export async function joinBeta(entry: BetaSignup): Promise<JoinBetaResult> {
  trackEvent('form_submit', { form: 'beta_signup' });
  try {
    const spots = await api<BetaSignupCount>('/api/beta-signup', {
      method: 'POST',
      body: entry,
      auth: false,
    });
    useBetaSpots.setState({ status: 'ready', ...spots });
    trackEvent('beta_signup_success', { tradingKnowledge: entry.tradingKnowledge, wallet: entry.wallet });
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError && error.code === 'BETA_FULL') {
      useBetaSpots.setState((s) => ({ status: 'ready', count: s.count + s.remaining, remaining: 0 }));
    }
    const shown = error instanceof AppError && error.status >= 400 && error.status < 500;
    return { ok: false, message: shown ? error.message : BETA_MESSAGES.genericError };
  }
}
