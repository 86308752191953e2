import type { AlertView, ResetInterval } from '@coinpace/domain';
import { AlertRow } from './AlertRow.tsx';

export interface AlertsTableProps {
  alerts: AlertView[];
  editMode: boolean;
  selected: string[];
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
  onResetInterval: (id: string, interval: ResetInterval) => void;
  onHistory: (id: string) => void;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

/** The alerts table (SPEC.md section 2, 'Alerts screen'). */
export function AlertsTable({ alerts, editMode, selected, ...handlers }: AlertsTableProps) {
  return (
    <div className="table-wrap">
      <table className={editMode ? 'table alerts-table is-editing' : 'table alerts-table'}>
        <caption className="sr-only">Your price alerts</caption>
        <thead>
          <tr>
            {editMode && <th scope="col">Select</th>}
            <th scope="col">Coin</th>
            <th scope="col" title="What the alert waits for, and for a percentage the price it fires at">
              Condition
            </th>
            <th scope="col" className="num hide-phone">
              Current
            </th>
            <th scope="col" className="num" title="How far the price must move to reach the trigger">
              Distance
            </th>
            <th scope="col" className="hide-phone" title="How long a fired alert waits before it is on again">
              Reset after
            </th>
            <th scope="col">On</th>
            <th scope="col" className="hide-phone">
              Last alerted
            </th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
            {/* The header of the phone layout's open-row buttons (hidden with them on wider screens). */}
            <th scope="col" className="cell-expand">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {alerts.map((view) => (
            <AlertRow
              key={view.id}
              view={view}
              editMode={editMode}
              selected={selected.includes(view.id)}
              {...handlers}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
