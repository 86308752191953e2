import { useSortedIds } from '../holding-views.ts';
import { selectAll, selectNone, useTable } from '../table-store.ts';
import { HoldingRow } from './HoldingRow.tsx';
import { HoldingsHeader } from './HoldingsHeader.tsx';

/** The holdings table (SPEC.md section 2): header with sorting and tooltips, one row per holding. */
export function HoldingsTable() {
  const ids = useSortedIds();
  const selectedCount = useTable((s) => Object.keys(s.selected).length);
  const allSelected = ids.length > 0 && selectedCount === ids.length;
  return (
    <div className="table-wrap pf-table-wrap">
      <table className="table pf-table">
        <caption className="sr-only">Your holdings</caption>
        <HoldingsHeader
          allSelected={allSelected}
          onSelectAll={() => (allSelected ? selectNone() : selectAll(ids))}
        />
        <tbody>
          {ids.map((id) => (
            <HoldingRow key={id} id={id} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
