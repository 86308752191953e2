import { channelName, methodAllowance, type ResetInterval } from '@coinpace/domain';
import { NumberInput } from '../../components/NumberInput.tsx';
import { userLocale } from '../../lib/locale.ts';
import { useCurrency } from '../currency/currency-store.ts';
import { ChannelChecks } from './ChannelChecks.tsx';
import { RESET_INTERVAL_OPTIONS, methodOf, type AllowanceLeft } from './alert-ui.ts';
import { isPercentForced, effectiveKind, type AlertForm } from './alert-form.ts';
import { pricePlaceholder } from './price-placeholder.ts';

/** Alert type, condition, value, channels and reset interval of the 'Add Price Alert' form. */
export function AlertFields({
  form,
  left = null,
  deliveryOnly = false,
  onChange,
}: {
  form: AlertForm;
  /** Only the channels and reset interval (the 'Portfolio' group has its own threshold fields). */
  deliveryOnly?: boolean;
  /** Notifications left this period per channel, shown beside the channels; null when not known. */
  left?: AllowanceLeft | null;
  onChange: (change: Partial<AlertForm>) => void;
}) {
  const forced = isPercentForced(form);
  const kind = effectiveKind(form);
  const method = methodOf(form);
  const allowance = method && left ? methodAllowance(method, left) : null;
  const currency = useCurrency((s) => s.currency);
  const rates = useCurrency((s) => s.rates);
  return (
    <>
      {!deliveryOnly && (
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
            <label htmlFor="alert-value">
              {kind === 'price' ? `Price (${currency.toUpperCase()})` : 'Percent'}
            </label>
            <NumberInput
              id="alert-value"
              placeholder={kind === 'price' ? pricePlaceholder(currency, rates, userLocale()) : '5'}
              value={form.value}
              onChange={(value) => onChange({ value })}
            />
          </div>
        </div>
      )}
      <div className="form-row">
        <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="label">Notify me by</legend>
          <ChannelChecks
            value={{
              email: form.email,
              sms: form.sms,
              webhook: form.webhook,
              push: form.push,
              discord: form.discord,
              slack: form.slack,
              telegram: form.telegram,
            }}
            onChange={onChange}
          />
          {left && (
            <span className="hint" data-testid="channels-left">
              Left this billing period: {left.email} e-mail, {left.sms} SMS
            </span>
          )}
          {allowance && allowance.state !== 'ok' && (
            <span className="field-warning" role="status">
              {allowance.state === 'partial'
                ? `No ${channelName(allowance.usedUp[0]!)} alerts left this billing period: this alert will only go out by ${channelName(allowance.usedUp[0] === 'sms' ? 'email' : 'sms')} until your next billing cycle.`
                : `No ${allowance.usedUp.map(channelName).join(' or ')} alerts left this billing period: this alert would send nothing. Choose another channel or upgrade your plan.`}
            </span>
          )}
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
