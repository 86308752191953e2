/** The plan cards (GET /api/billing/plans), loaded once per session and shared by every screen. */
import type { PlanView } from '@coinpace/domain';
import { create } from 'zustand';
import { errorMessage } from '../../lib/api-client.ts';
import { fetchPlans } from './billing-api.ts';

export interface PlansState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  plans: PlanView[];
  error: string | null;
}

export const usePlans = create<PlansState>(() => ({ status: 'idle', plans: [], error: null }));

let inFlight: Promise<void> | null = null;

/** Loads the plans unless they are loaded or loading; a failed load can be retried by calling again. */
export function loadPlans(): Promise<void> {
  if (usePlans.getState().status === 'ready') return Promise.resolve();
  inFlight ??= (async () => {
    usePlans.setState({ status: 'loading', error: null });
    try {
      const { plans } = await fetchPlans();
      usePlans.setState({ status: 'ready', plans, error: null });
    } catch (error) {
      usePlans.setState({ status: 'error', error: `Failed to load plans: ${errorMessage(error)}` });
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

export function resetPlans(): void {
  usePlans.setState({ status: 'idle', plans: [], error: null });
}
