/** Whether the Add Coin modal is open. */
import { create } from 'zustand';

export const useAddCoin = create<{ open: boolean }>(() => ({ open: false }));

export function openAddCoin(): void {
  useAddCoin.setState({ open: true });
}

export function closeAddCoin(): void {
  useAddCoin.setState({ open: false });
}
