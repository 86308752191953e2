import { sortBy, useTable } from '../table-store.ts';
import { COLUMNS } from './columns.ts';
import { InfoTip } from './InfoTip.tsx';

/** The header row: sortable column buttons with their direction, and a tooltip per column. */
export function HoldingsHeader({
  allSelected,
  onSelectAll,
}: {
  allSelected: boolean;
  onSelectAll: () => void;
}) {
  const sort = useTable((s) => s.sort);
  const editMode = useTable((s) => s.editMode);
  return (
    <thead role="rowgroup">
      <tr role="row">
        {editMode && (
          <th scope="col" role="columnheader" className="pf-select-col">
            <input
              type="checkbox"
              aria-label="Select all holdings"
              checked={allSelected}
              onChange={onSelectAll}
            />
          </th>
        )}
        {COLUMNS.map((column) => {
          const active = column.sortKey && sort?.key === column.sortKey ? sort.direction : null;
          return (
            <th
              key={column.label}
              scope="col"
              role="columnheader"
              className={column.numeric ? 'num' : undefined}
              aria-sort={active ? (active === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              <span className="pf-th">
                {column.sortKey ? (
                  <button
                    type="button"
                    className="pf-sort"
                    onClick={() => sortBy(column.sortKey!)}
                    aria-label={`Sort by ${column.label}`}
                  >
                    {column.label}
                    <span aria-hidden="true" className="pf-sort-mark">
                      {active === 'asc' ? '▲' : active === 'desc' ? '▼' : '↕'}
                    </span>
                  </button>
                ) : (
                  column.label
                )}
                <InfoTip label={column.label} text={column.tooltip} />
              </span>
            </th>
          );
        })}
        {/* The header of the phone layout's open-row buttons (hidden with them on wider screens). */}
        <th scope="col" role="columnheader" className="pf-expand-col">
          <span className="sr-only">Details</span>
        </th>
      </tr>
    </thead>
  );
}
