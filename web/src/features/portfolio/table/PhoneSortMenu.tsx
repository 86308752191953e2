import { HOLDING_SORT_KEYS, type HoldingSortKey, type SortDirection } from '@coinpace/domain';
import { useId } from 'react';
import { setSort, useTable } from '../table-store.ts';
import { COLUMNS } from './columns.ts';

const labelOf = (key: HoldingSortKey) => COLUMNS.find((c) => c.sortKey === key)!.label;

/** Option texts per direction: what comes first. */
const ORDER: Record<SortDirection, string> = { desc: 'high to low', asc: 'low to high' };

/**
 * On a phone the table's rows are cards and its header is hidden (portfolio.css): this menu offers the
 * same sorts as the header buttons. Hidden on wider screens.
 */
export function PhoneSortMenu() {
  const sort = useTable((s) => s.sort);
  const id = useId();
  return (
    <div className="pf-phone-sort">
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        className="input"
        value={sort ? `${sort.key}:${sort.direction}` : ''}
        onChange={(event) => {
          const [key, direction] = event.target.value.split(':') as [HoldingSortKey, SortDirection];
          setSort(event.target.value ? { key, direction } : null);
        }}
      >
        <option value="">Date added</option>
        {HOLDING_SORT_KEYS.flatMap((key) =>
          (['desc', 'asc'] as const).map((direction) => (
            <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
              {labelOf(key)} (
              {key === 'symbol' ? (direction === 'asc' ? 'A to Z' : 'Z to A') : ORDER[direction]})
            </option>
          )),
        )}
      </select>
    </div>
  );
}
