import { formatPortfolioPrice, type AlertView, type ResetInterval } from '@coinpace/domain';
import { memo } from 'react';
import { useCoinPrice } from '../prices/prices-store.ts';
import {
  RESET_INTERVAL_OPTIONS,
  conditionText,
  distanceText,
  lifecycleText,
  liveDistance,
  toAlertUi,
} from './alert-ui.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface AlertRowProps {
  view: AlertView;
  editMode: boolean;
  selected: boolean;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
  onResetInterval: (id: string, interval: ResetInterval) => void;
  onHistory: (id: string) => void;
  onDelete: (id: string) => void;
}

/** One alert: coin, condition, trigger, live price and distance, channels, reset interval, on/off, lifecycle. */
export const AlertRow = memo(function AlertRow(props: AlertRowProps) {
  const { view, editMode, selected } = props;
  const alert = toAlertUi(view);
  const live = useCoinPrice(alert.coingeckoId)?.usd;
  const current = live ?? alert.currentPrice;
  const distance = liveDistance(alert, live);
  const channels = [
    alert.notificationPreferences.email && 'E-mail',
    alert.notificationPreferences.sms && 'SMS',
  ]
    .filter(Boolean)
    .join(' + ');
  return (
    <tr data-alert-id={alert.id}>
      {editMode && (
        <td>
          <input
            type="checkbox"
            aria-label={`Select ${alert.coinSymbol} alert`}
            checked={selected}
            onChange={() => props.onSelect(alert.id)}
          />
        </td>
      )}
      <td>
        <div className="alert-coin">
          {alert.coinImage && (
            <img
              src={alert.coinImage}
              alt=""
              onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
            />
          )}
          <div>
            <strong>{alert.scope === 'coin' ? alert.coinSymbol : alert.coin}</strong>
            {alert.scope === 'coin' && <div className="alert-state">{alert.coin}</div>}
          </div>
        </div>
      </td>
      <td>
        {conditionText(alert)}
        <div className="alert-state">
          {alert.isPortfolioCoin && alert.type === 'percentage' && alert.scope === 'coin'
            ? 'from purchase price · '
            : ''}
          {channels}
        </div>
      </td>
      <td className="num hide-phone">
        {alert.triggerPrice === null ? '—' : formatPortfolioPrice(alert.triggerPrice)}
      </td>
      <td className="num hide-phone">
        {current === null || current === undefined ? '—' : formatPortfolioPrice(current)}
      </td>
      <td className="num" data-testid="distance">
        {distanceText(distance, alert.condition)}
      </td>
      <td className="hide-phone">
        <select
          className="select"
          aria-label={`Reset interval of the ${alert.coinSymbol} alert`}
          value={alert.resetInterval}
          onChange={(e) => props.onResetInterval(alert.id, e.target.value as ResetInterval)}
        >
          {RESET_INTERVAL_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </td>
      <td>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={alert.enabled}
          aria-label={`${alert.coinSymbol} alert ${alert.enabled ? 'on' : 'off'}`}
          onClick={() => props.onToggle(alert.id)}
        />
        <div className="alert-state" data-testid="lifecycle">
          {lifecycleText(alert.lifecycle, time)}
        </div>
      </td>
      <td className="hide-phone">{alert.lastAlerted ? time(alert.lastAlerted) : 'Never'}</td>
      <td>
        <div className="alerts-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => props.onHistory(alert.id)}>
            History
          </button>
          {!editMode && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={`Delete ${alert.coinSymbol} alert`}
              onClick={() => props.onDelete(alert.id)}
            >
              Delete
            </button>
          )}
        </div>
      </td>
    </tr>
  );
});
