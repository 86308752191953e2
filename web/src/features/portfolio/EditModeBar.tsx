import { selectionLabel } from '@coinpace/domain';
import { useSortedIds } from './holding-views.ts';
import { requestDelete, selectAll, selectNone, selectedAmong, useTable } from './table-store.ts';

/** Edit mode (SPEC.md section 2): Select All, Select None, 'n of m selected', Delete Selected. */
export function EditModeBar() {
  const editMode = useTable((s) => s.editMode);
  const ids = useSortedIds();
  const count = useTable((s) => ids.filter((id) => s.selected[id]).length);
  if (!editMode) return null;
  return (
    <div className="pf-editbar" role="region" aria-label="Edit mode">
      <button type="button" className="btn btn-sm" onClick={() => selectAll(ids)}>
        Select All
      </button>
      <button type="button" className="btn btn-sm" onClick={selectNone}>
        Select None
      </button>
      <span className="pf-selection" aria-live="polite">
        {selectionLabel(count, ids.length)}
      </span>
      <button
        type="button"
        className="btn btn-sm btn-danger"
        disabled={count === 0}
        onClick={() => requestDelete(selectedAmong(ids))}
      >
        Delete Selected
      </button>
    </div>
  );
}
