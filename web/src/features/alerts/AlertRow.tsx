import { formatDateTime, formatPriceIn, type AlertView, type ResetInterval } from '@coinpace/domain';
import { memo, useState, type MouseEvent } from 'react';
import { ChevronIcon, DeleteIcon, EditIcon, HistoryIcon } from '../../components/icons.tsx';
import { useAlertPrice } from './alert-price.ts';
import {
  RESET_INTERVAL_OPTIONS,
  alertName,
  conditionText,
  distanceText,
  lifecycleText,
  liveDistance,
  toAlertUi,
  type AlertUi,
} from './alert-ui.ts';

const time = (iso: string) => formatDateTime(iso);

export interface AlertRowProps {
  view: AlertView;
  editMode: boolean;
  selected: boolean;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
  onResetInterval: (id: string, interval: ResetInterval) => void;
  onHistory: (id: string) => void;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

/** One alert: coin, condition, trigger, live price and distance, channels, reset interval, on/off, lifecycle. */
export const AlertRow = memo(function AlertRow(props: AlertRowProps) {
  const { view, editMode, selected } = props;
  const alert = toAlertUi(view);
  const current = useAlertPrice(alert.coingeckoId, alert.currency, alert.currentPrice);
  const distance = liveDistance(alert, current ?? undefined);
  const [open, setOpen] = useState(false);
  const channels = [
    alert.notificationPreferences.email && 'E-mail',
    alert.notificationPreferences.sms && 'SMS',
  ]
    .filter(Boolean)
    .join(' + ');
  return (
    <tr
      data-alert-id={alert.id}
      className={open ? 'is-open' : undefined}
      onClick={(event) => {
        if (tapsRow(event)) setOpen((o) => !o);
      }}
    >
      {editMode && (
        <td className="cell-select">
          <input
            type="checkbox"
            aria-label={`Select ${labelOf(alert)} alert`}
            checked={selected}
            onChange={() => props.onSelect(alert.id)}
          />
        </td>
      )}
      <td className="cell-coin">
        <div className="alert-coin">
          {/* A fixed slot, so names line up whether an image is there, missing or failed to load. */}
          <span className="alert-coin-icon" aria-hidden="true">
            {alert.coinImage && (
              <img
                src={alert.coinImage}
                alt=""
                onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
              />
            )}
          </span>
          <div>
            <strong>{labelOf(alert)}</strong>
            {/* A long coin name is cut with an ellipsis; the tooltip has it whole. */}
            {alert.scope === 'coin' && (
              <div className="alert-state alert-coin-name" title={alert.coin}>
                {alert.coin}
              </div>
            )}
            {view.origin === 'auto' && <div className="alert-state alert-origin">Set for a new coin</div>}
          </div>
        </div>
      </td>
      <td className="cell-condition">
        {conditionText(alert)}
        {/* A price alert's trigger is its condition; a percentage alert's is worked out, shown here. */}
        {alert.type === 'percentage' && alert.triggerPrice !== null && (
          <div className="alert-state">fires at {formatPriceIn(alert.currency, alert.triggerPrice)}</div>
        )}
        <div className="alert-state">
          {alert.type === 'percentage' ? `${measuredFrom(alert)} · ` : ''}
          {channels}
        </div>
        {/* On a phone the reset-interval column is hidden; the picker moves under the condition. */}
        <div className="show-phone">
          <ResetIntervalPicker alert={alert} onChange={props.onResetInterval} />
        </div>
      </td>
      <td className="num hide-phone">{current === null ? '—' : formatPriceIn(alert.currency, current)}</td>
      <td className="num cell-distance" data-testid="distance">
        {distanceText(distance, alert.condition)}
      </td>
      <td className="hide-phone">
        <ResetIntervalPicker alert={alert} onChange={props.onResetInterval} />
      </td>
      <td className="cell-on">
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={alert.enabled}
          aria-label={`${labelOf(alert)} alert ${alert.enabled ? 'on' : 'off'}`}
          onClick={() => props.onToggle(alert.id)}
        />
        <div className="alert-state" data-testid="lifecycle">
          {lifecycleText(alert.lifecycle, time)}
        </div>
      </td>
      <td className="hide-phone cell-last">{alert.lastAlerted ? time(alert.lastAlerted) : 'Never'}</td>
      <td className="cell-actions">
        <div className="alerts-actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-icon"
            aria-label={`History of the ${labelOf(alert)} alert`}
            title="History"
            onClick={() => props.onHistory(alert.id)}
          >
            <HistoryIcon />
          </button>
          {!editMode && (
            <>
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-icon"
                aria-label={`Edit ${labelOf(alert)} alert`}
                title="Edit"
                onClick={() => props.onEdit(alert.id)}
              >
                <EditIcon />
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-icon is-danger"
                aria-label={`Delete ${labelOf(alert)} alert`}
                title="Delete"
                onClick={() => props.onDelete(alert.id)}
              >
                <DeleteIcon />
              </button>
            </>
          )}
        </div>
      </td>
      {/* On a phone the row is one line (coin, condition, distance, switch); this shows the rest. */}
      <td className="cell-expand">
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-icon alert-expand"
          aria-expanded={open}
          aria-label={`Show ${labelOf(alert)} alert details`}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronIcon />
        </button>
      </td>
    </tr>
  );
});

/**
 * A tap on a phone's one-line row, not on one of its controls, opens or closes it as its button does;
 * wider screens show the whole row, so a click there does nothing.
 */
function tapsRow(event: MouseEvent<HTMLElement>): boolean {
  if ((event.target as HTMLElement).closest('button, a, input, select, label')) return false;
  return window.matchMedia?.('(max-width: 640px)').matches ?? false;
}

const labelOf = alertName;

/** What a percentage alert is measured from, in words. */
function measuredFrom(alert: AlertUi): string {
  if (alert.scope === 'portfolio') return 'from what you paid';
  if (alert.scope === 'all_coins') return 'each coin from its purchase price';
  return alert.isPortfolioCoin ? 'from purchase price' : 'from the price when set';
}

function ResetIntervalPicker({
  alert,
  onChange,
}: {
  alert: AlertUi;
  onChange: (id: string, interval: ResetInterval) => void;
}) {
  return (
    <select
      className="select reset-select"
      aria-label={`Reset interval of the ${labelOf(alert)} alert`}
      value={alert.resetInterval}
      onChange={(e) => onChange(alert.id, e.target.value as ResetInterval)}
    >
      {RESET_INTERVAL_OPTIONS.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}
