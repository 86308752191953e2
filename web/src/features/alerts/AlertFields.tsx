import { formatNumberInput, type ResetInterval } from '@coinpace/domain';
import { RESET_INTERVAL_OPTIONS } from './alert-ui.ts';
import { isPercentForced, effectiveKind, type AlertForm } from './alert-form.ts';

/** Alert type, condition, value, channels and reset interval of the 'Add Price Alert' form. */
export function AlertFields({
  form,
  onChange,
}: {
  form: AlertForm;
  onChange: (change: Partial<AlertForm>) => void;
}) {
  const forced = isPercentForced(form);
  const kind = effectiveKind(form);
  return (
    <>
      <div className="form-row">
        <div className="field">
          <span className="label" id="alert-kind">
            Alert type
          </span>
          <div className="checks" role="radiogroup" aria-labelledby="alert-kind">
            <label>
              <input
                type="radio"
                name="kind"
                checked={kind === 'price'}
                disabled={forced}
                onChange={() => onChange({ kind: 'price' })}
              />
              Price
            </label>
            <label>
              <input
                type="radio"
                name="kind"
                checked={kind === 'percentage'}
                onChange={() => onChange({ kind: 'percentage' })}
              />
              Percentage
            </label>
          </div>
          {forced && (
            <span className="hint">Several coins, all coins or the whole portfolio use a percentage.</span>
          )}
        </div>
        <div className="field">
          <label htmlFor="alert-condition">Condition</label>
          <select
            id="alert-condition"
            className="select"
            value={form.condition}
            onChange={(e) => onChange({ condition: e.target.value as 'above' | 'below' })}
          >
            <option value="above">{kind === 'price' ? 'Price goes above' : 'Gains at least'}</option>
            <option value="below">{kind === 'price' ? 'Price goes below' : 'Loses at least'}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="alert-value">{kind === 'price' ? 'Price (USD)' : 'Percent'}</label>
          <input
            id="alert-value"
            className="input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={kind === 'price' ? '50,000' : '5'}
            value={form.value}
            onChange={(e) => onChange({ value: formatNumberInput(e.target.value) })}
          />
        </div>
      </div>
      <div className="form-row">
        <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="label">Notify me by</legend>
          <div className="checks">
            <label>
              <input
                type="checkbox"
                checked={form.email}
                onChange={(e) => onChange({ email: e.target.checked })}
              />
              Email
            </label>
            <label>
              <input
                type="checkbox"
                checked={form.sms}
                onChange={(e) => onChange({ sms: e.target.checked })}
              />
              SMS
            </label>
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor="alert-reset">Turn back on after</label>
          <select
            id="alert-reset"
            className="select"
            value={form.resetInterval}
            onChange={(e) => onChange({ resetInterval: e.target.value as ResetInterval })}
          >
            {RESET_INTERVAL_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </>
  );
}
