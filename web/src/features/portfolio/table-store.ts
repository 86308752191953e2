/**
 * The portfolio table's own state: sort, edit mode with its selection, and which purchase price is
 * being edited inline (SPEC.md section 2 and 4).
 */
import { nextSort, type HoldingSort, type HoldingSortKey } from '@coinpace/domain';
import { create } from 'zustand';

export interface TableState {
  /** Null: server order (oldest first). */
  sort: HoldingSort | null;
  editMode: boolean;
  /** Selected holding ids (edit mode). */
  selected: Record<string, true>;
  /** The holding whose purchase price is being edited, if any. */
  editingPriceId: string | null;
  /** Holdings waiting for the user to confirm their deletion. */
  pendingDelete: string[] | null;
  /** Holdings whose Report Error is being sent (one report at a time per holding). */
  reporting: Record<string, true>;
  /** The holding whose Report Error dialog is open (the user describes the problem there). */
  reportFor: string | null;
}

const INITIAL: TableState = {
  sort: null,
  editMode: false,
  selected: {},
  editingPriceId: null,
  pendingDelete: null,
  reporting: {},
  reportFor: null,
};

export const useTable = create<TableState>(() => INITIAL);

/** A header click: the active column flips direction, another column starts descending. */
export function sortBy(key: HoldingSortKey): void {
  useTable.setState((s) => ({ sort: nextSort(s.sort, key) }));
}

/** Sets the sort directly (the phone layout's sort menu); null is the server order. */
export function setSort(sort: HoldingSort | null): void {
  useTable.setState({ sort });
}

/** Edit/Done: toggling edit mode clears the selection (SPEC.md section 4). */
export function toggleEditMode(): void {
  useTable.setState((s) => ({ editMode: !s.editMode, selected: {} }));
}

export function toggleSelected(id: string): void {
  useTable.setState((s) => {
    const selected = { ...s.selected };
    if (selected[id]) delete selected[id];
    else selected[id] = true;
    return { selected };
  });
}

export function selectAll(ids: readonly string[]): void {
  useTable.setState({ selected: Object.fromEntries(ids.map((id) => [id, true as const])) });
}

export function selectNone(): void {
  useTable.setState({ selected: {} });
}

/** The selected ids that still exist, in `ids` order. */
export function selectedAmong(ids: readonly string[]): string[] {
  const { selected } = useTable.getState();
  return ids.filter((id) => selected[id]);
}

export function startPriceEdit(id: string): void {
  useTable.setState({ editingPriceId: id });
}

export function stopPriceEdit(): void {
  useTable.setState({ editingPriceId: null });
}

/** Asks for confirmation before deleting these holdings (row menu Delete, Delete Selected). */
export function requestDelete(ids: readonly string[]): void {
  if (ids.length > 0) useTable.setState({ pendingDelete: [...ids] });
}

export function cancelDelete(): void {
  useTable.setState({ pendingDelete: null });
}

/** Opens the Report Error dialog for a holding (row menu Report Error). */
export function requestReport(id: string): void {
  useTable.setState({ reportFor: id });
}

export function closeReport(): void {
  useTable.setState({ reportFor: null });
}

/** Marks a holding's Report Error as being sent; false when one is already on its way. */
export function startReport(id: string): boolean {
  if (useTable.getState().reporting[id]) return false;
  useTable.setState((s) => ({ reporting: { ...s.reporting, [id]: true } }));
  return true;
}

export function finishReport(id: string): void {
  useTable.setState((s) => {
    const reporting = { ...s.reporting };
    delete reporting[id];
    return { reporting };
  });
}

export function resetTable(): void {
  useTable.setState(INITIAL);
}
