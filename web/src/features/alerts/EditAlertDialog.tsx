import {
  ALERT_MESSAGES,
  channelName,
  computeTrigger,
  formatPercent,
  formatPriceIn,
  isPortfolioKind,
  methodAllowance,
  numberInputMessage,
  numberInputValue,
  readNumberInput,
  triggerStanding,
  type AlertView,
  type ThresholdType,
} from '@coinpace/domain';
import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { NumberInput } from '../../components/NumberInput.tsx';
import { ChannelChecks, type Channels } from './ChannelChecks.tsx';
import { changedExtraChannels, channelsOf } from './alert-form.ts';
import { userLocale } from '../../lib/locale.ts';
import { useAlertPrice } from './alert-price.ts';
import { alertLabel, methodOf, type AllowanceLeft } from './alert-ui.ts';
import { editAlert } from './alerts-store.ts';
import { EditKindForm } from './EditKindForm.tsx';

/**
 * Changes an alert's threshold and channels (PUT /api/alerts/{id}). The kind stays (a
 * price alert stays a price alert, a percentage one a percentage); the condition, the value and the
 * channels change. A portfolio-kind alert gets its kind's own fields (EditKindForm). A coin alert previews where it will fire, and says so when that is already true now.
 */
export function EditAlertDialog({
  alert,
  left = null,
  onClose,
}: {
  /** The alert being edited; null when the dialog is closed. */
  alert: AlertView | null;
  left?: AllowanceLeft | null;
  onClose: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const formId = useId();
  return (
    <Dialog
      open={alert !== null}
      title="Edit alert"
      onClose={onClose}
      busy={saving}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save changes'}
          </button>
        </>
      }
    >
      {alert && isPortfolioKind(alert.scope) && (
        <EditKindForm key={alert.id} id={formId} alert={alert} onSaving={setSaving} onClose={onClose} />
      )}
      {alert && !isPortfolioKind(alert.scope) && (
        <EditAlertForm
          key={alert.id}
          id={formId}
          alert={alert}
          left={left}
          onSaving={setSaving}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function EditAlertForm({
  id,
  alert,
  left,
  onSaving,
  onClose,
}: {
  id: string;
  alert: AlertView;
  left: AllowanceLeft | null;
  onSaving: (saving: boolean) => void;
  onClose: () => void;
}) {
  const locale = userLocale();
  const percent = alert.thresholdType === 'Gain' || alert.thresholdType === 'Loss';
  const [up, setUpState] = useState(alert.thresholdType === 'Above' || alert.thresholdType === 'Gain');
  const [value, setValueState] = useState(() => numberInputValue(alert.thresholdValue, locale));
  const [channels, setChannelsState] = useState<Channels>(() => channelsOf(alert));
  const [error, setError] = useState<string | null>(null);
  // A message goes away as soon as what it is about changes.
  const setUp = (next: boolean) => {
    setUpState(next);
    setError(null);
  };
  const setValue = (next: string) => {
    setValueState(next);
    setError(null);
  };
  const setChannels = (next: Channels) => {
    setChannelsState(next);
    setError(null);
  };
  const ids = useId();
  // In the alert's currency, like its price and reference.
  const live = useAlertPrice(alert.coinId?.id, alert.currency, alert.currentPrice);

  const thresholdType: ThresholdType = percent ? (up ? 'Gain' : 'Loss') : up ? 'Above' : 'Below';
  const reading = readNumberInput(value, locale);
  const method = methodOf(channels);
  const allowance = method && left ? methodAllowance(method, left) : null;
  const preview = previewOf(alert, thresholdType, reading.ok ? reading.value : NaN, live);

  async function save() {
    const label = percent ? 'Percent' : 'Price';
    if (!reading.ok || !(reading.value > 0)) {
      return setError(
        reading.ok || reading.problem === 'empty'
          ? ALERT_MESSAGES.valueRequired
          : numberInputMessage(label, value, locale),
      );
    }
    if (percent && !up && reading.value >= 100) return setError(ALERT_MESSAGES.lossBelowHundred);
    if (!method) return setError(ALERT_MESSAGES.selectMethod);
    onSaving(true);
    const failure = await editAlert(alert.id, {
      thresholdType,
      thresholdValue: reading.decimal,
      notificationMethod: method,
      ...changedExtraChannels(channels, alert),
    });
    onSaving(false);
    if (failure) setError(failure);
    else onClose();
  }

  return (
    <form
      id={id}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="muted">{alertLabel(alert)}</p>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${ids}-condition`}>Condition</label>
          <select
            id={`${ids}-condition`}
            className="select"
            value={up ? 'above' : 'below'}
            onChange={(e) => setUp(e.target.value === 'above')}
          >
            <option value="above">{percent ? 'Gains at least' : 'Price goes above'}</option>
            <option value="below">{percent ? 'Loses at least' : 'Price goes below'}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-value`}>
            {percent ? 'Percent' : `Price (${alert.currency.toUpperCase()})`}
          </label>
          <NumberInput id={`${ids}-value`} value={value} onChange={setValue} />
        </div>
      </div>
      <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="label">Notify me by</legend>
        <ChannelChecks value={channels} onChange={setChannels} />
        {allowance && allowance.state !== 'ok' && (
          <span className="field-warning" role="status">
            No {allowance.usedUp.map(channelName).join(' or ')} alerts left this billing period
            {allowance.state === 'blocked'
              ? ': this alert would send nothing until your next billing cycle.'
              : ': it goes out on the other channel only.'}
          </span>
        )}
      </fieldset>
      {preview && (
        <p className="preview" aria-live="polite">
          {preview}
        </p>
      )}
      {error && (
        <p className="field-error" role="alert" style={{ color: 'var(--loss)' }}>
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * Where a coin alert will fire with the new threshold, against the price now, the way the server will
 * compute it (percentages from the alert's reference price); null for portfolio-wide alerts.
 */
function previewOf(
  alert: AlertView,
  thresholdType: ThresholdType,
  value: number,
  live: number | null,
): string | null {
  if (alert.scope !== 'coin' || !(value > 0)) return null;
  const trigger = computeTrigger({
    thresholdType,
    thresholdValue: value,
    referencePrice: alert.referenceValue,
  });
  if (!trigger.ok) return null;
  const at = Number(trigger.triggerPrice);
  const standing = triggerStanding(trigger.direction, at, live);
  if (standing.holds) {
    return `Already true now (${alert.coinSymbol} is at ${formatPriceIn(alert.currency, live ?? 0)}): it fires at the next price update.`;
  }
  const move = standing.movePercent === null ? '' : ` (${formatPercent(standing.movePercent)} from now)`;
  return `${alert.coinSymbol}: fires at ${formatPriceIn(alert.currency, at)}${move}`;
}
