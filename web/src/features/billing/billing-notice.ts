/**
 * The one place billing outcomes are announced (SPEC.md sections 4 and 8: checkout answers, payment return,
 * cancel and reactivate): a message shown at the top of the signed-in pages until dismissed or replaced.
 */
import { create } from 'zustand';

export interface BillingNotice {
  kind: 'success' | 'error' | 'info';
  text: string;
}

export const useBillingNotice = create<{ notice: BillingNotice | null }>(() => ({ notice: null }));

export function showBillingNotice(kind: BillingNotice['kind'], text: string): void {
  useBillingNotice.setState({ notice: { kind, text } });
}

export function clearBillingNotice(): void {
  useBillingNotice.setState({ notice: null });
}
