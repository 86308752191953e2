/**
 * Opens the pricing modal from anywhere (after an import, from the upgrade banner, from a blocked
 * alert). The modal itself is rendered once by the dashboard shell.
 */
import { create } from 'zustand';

export interface PricingModalState {
  open: boolean;
  /** Coins just added by an import: shows 'Congratulations!' and '{n} coin(s) added to your portfolio'. */
  coinsAdded: number | null;
  /** With `coinsAdded`: every coin the portfolio tracks now, said beside it so the two are not confused. */
  coinsTracked: number | null;
}

export const usePricingModal = create<PricingModalState>(() => ({
  open: false,
  coinsAdded: null,
  coinsTracked: null,
}));

export function openPricingModal(coinsAdded: number | null = null, coinsTracked: number | null = null): void {
  usePricingModal.setState({ open: true, coinsAdded, coinsTracked });
}

export function closePricingModal(): void {
  usePricingModal.setState({ open: false, coinsAdded: null, coinsTracked: null });
}
