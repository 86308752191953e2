import { useSortedIds } from '../holding-views.ts';
import { selectAll, selectNone, useTable } from '../table-store.ts';
import { HoldingRow } from './HoldingRow.tsx';
import { HoldingsHeader } from './HoldingsHeader.tsx';
import { PhoneSortMenu } from './PhoneSortMenu.tsx';
import './table.css';

/**
 * The holdings table (SPEC.md section 2): header with sorting and tooltips, one row per holding. On a
 * phone the rows are cards with a label per figure and the sorts are in a menu (portfolio.css).
 */
export function HoldingsTable() {
  const ids = useSortedIds();
  const selectedCount = useTable((s) => Object.keys(s.selected).length);
  const editMode = useTable((s) => s.editMode);
  const allSelected = ids.length > 0 && selectedCount === ids.length;
  return (
    <>
      <PhoneSortMenu />
      <div className="table-wrap pf-table-wrap">
        {/* Rows are laid out as grids (portfolio.css), so the table roles are stated explicitly. */}
        <table
          role="table"
          className={`table pf-table${editMode ? ' pf-editing' : ''}`}
          aria-rowcount={ids.length + 1}
        >
          <caption className="sr-only">Your holdings</caption>
          <HoldingsHeader
            allSelected={allSelected}
            onSelectAll={() => (allSelected ? selectNone() : selectAll(ids))}
          />
          <tbody role="rowgroup">
            {ids.map((id) => (
              <HoldingRow key={id} id={id} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
