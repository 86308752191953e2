/**
 * The Import modal's state: whether it is open and on which tab, and what the last import left to show
 * (its message, summary and offers). Apart from the pipeline (import-store.ts), which parses and saves and
 * is loaded with the modal: the toolbar, the empty state and the screen's notices need only this.
 */
import type { ImportSummary } from '@coinpace/domain';
import { create } from 'zustand';

export type ImportTab = 'csv' | 'paste' | 'trades';

export interface ImportState {
  open: boolean;
  tab: ImportTab;
  /** True while saving: the modal cannot close and the page warns before unloading. */
  importing: boolean;
  /** Why the input was refused (shown in the modal). */
  error: string | null;
  /** A short-lived message: success (2 s) or all duplicates (3 s). */
  flash: { kind: 'success' | 'info'; text: string } | null;
  /**
   * The last import's counts (added, skipped and failed, adding up to the rows read) and first reasons,
   * when anything was skipped or failed.
   */
  summary: ImportSummary | null;
  /**
   * Beside the summary: the coins the last import added against all the portfolio tracks now, so that
   * '2 added' is not read as the whole portfolio (or '10 coins' as the import).
   */
  totals: string | null;
  /**
   * Coins the last import saved for a user with a plan: the screen offers one-click 'Protect my portfolio'
   * (a Loss alert per holding) until dismissed.
   */
  protectOffer: number | null;
  /**
   * Coins the last import skipped because they are held, at a balance other than the one held: the
   * summary offers to update them to it until done or dismissed.
   */
  heldOffer: HeldBalance[] | null;
  /** True while the held coins are being updated. */
  updatingHeld: boolean;
}

/** A held coin's balance as the import read it (decimal string). */
export interface HeldBalance {
  symbol: string;
  quantity: string;
}

export const IMPORT_INITIAL: ImportState = {
  open: false,
  tab: 'csv',
  importing: false,
  error: null,
  flash: null,
  summary: null,
  totals: null,
  protectOffer: null,
  heldOffer: null,
  updatingHeld: false,
};

export const useImport = create<ImportState>(() => IMPORT_INITIAL);

export function openImport(tab: ImportTab = 'csv'): void {
  useImport.setState({ open: true, tab, error: null });
}

/** Closes the modal, except while an import is being saved. */
export function closeImport(): void {
  if (useImport.getState().importing) return;
  useImport.setState({ open: false, error: null });
}

export function chooseImportTab(tab: ImportTab): void {
  useImport.setState({ tab, error: null });
}

export function dismissProtectOffer(): void {
  useImport.setState({ protectOffer: null });
}

export function dismissHeldOffer(): void {
  useImport.setState({ heldOffer: null });
}

/** The summary's button text for `count` coins. */
export function heldOfferLabel(count: number): string {
  return `Update ${count} held ${count === 1 ? 'coin' : 'coins'} to the imported balances`;
}

export function dismissImportSummary(): void {
  useImport.setState({ summary: null, totals: null });
}
