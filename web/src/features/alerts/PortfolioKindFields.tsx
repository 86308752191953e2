import {
  KIND_THRESHOLD_TYPES,
  type HoldingRow,
  type PortfolioKind,
  type ThresholdType,
} from '@coinpace/domain';
import { NumberInput } from '../../components/NumberInput.tsx';
import { useCurrency } from '../currency/currency-store.ts';
import {
  KIND_OPTIONS,
  isAmountKind,
  mayNameHolding,
  needsHolding,
  withKind,
  type KindForm,
} from './kind-form.ts';

const SIDE_LABELS: Record<ThresholdType, string> = {
  Above: 'Goes above',
  Below: 'Goes below',
  Gain: 'Gains at least',
  Loss: 'Loses at least',
};

/** A movement's sides say which way the coins went. */
const MOVEMENT_SIDE_LABELS: Partial<Record<ThresholdType, string>> = {
  Gain: 'Coins arrive (deposit, transfer in)',
  Loss: 'Coins leave (withdrawal, transfer out)',
};

/** The value field's label per kind. */
function valueLabel(form: KindForm, amount: boolean, currency: string): string {
  if (form.kind === 'movement') return `Worth at least (${currency.toUpperCase()})`;
  if (form.kind === 'sync_problem') return 'Failing for (hours)';
  if (amount) return `Amount (${currency.toUpperCase()})`;
  return form.kind === 'drawdown' ? 'Drop from peak (%)' : 'Percent';
}

/**
 * The 'Portfolio' group: which portfolio alert, its side, the holding where it needs one, and the value.
 * With `fixed` (the edit dialog) the kind and the holding are shown but stay as they are: the server
 * changes an alert's threshold, not what it is on.
 */
export function PortfolioKindFields({
  form,
  holdings,
  onChange,
  fixed,
}: {
  form: KindForm;
  holdings: readonly HoldingRow[];
  onChange: (form: KindForm) => void;
  /** The holding as the alert names it ('BTC'), or null for none: the kind and holding are read-only. */
  fixed?: { holding: string | null };
}) {
  const currency = useCurrency((s) => s.currency);
  const sides = KIND_THRESHOLD_TYPES[form.kind];
  const amount = isAmountKind(form);
  return (
    <div className="form-row" data-testid="portfolio-kinds">
      <div className="field">
        <label htmlFor="kind-kind">Portfolio alert</label>
        <select
          id="kind-kind"
          className="select"
          value={form.kind}
          disabled={fixed !== undefined}
          onChange={(e) => onChange(withKind(form, e.target.value as PortfolioKind))}
        >
          {KIND_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {fixed && (needsHolding(form.kind) || mayNameHolding(form.kind)) && (
        <div className="field">
          <label htmlFor="kind-holding">{form.kind === 'allocation' ? 'Coin' : 'Holding'}</label>
          <input
            id="kind-holding"
            className="input"
            readOnly
            value={fixed.holding ?? (form.kind === 'drawdown' ? 'Whole portfolio' : 'Every coin')}
          />
        </div>
      )}
      {!fixed && (needsHolding(form.kind) || mayNameHolding(form.kind)) && (
        <div className="field">
          <label htmlFor="kind-holding">{form.kind === 'allocation' ? 'Coin' : 'Holding'}</label>
          <select
            id="kind-holding"
            className="select"
            value={form.holdingId}
            onChange={(e) => onChange({ ...form, holdingId: e.target.value })}
          >
            <option value="">
              {form.kind === 'drawdown'
                ? 'Whole portfolio'
                : form.kind === 'movement'
                  ? 'Every coin'
                  : 'Choose a holding'}
            </option>
            {holdings.map((h) => (
              <option key={h.id} value={h.id}>
                {h.symbol} ({h.name})
              </option>
            ))}
          </select>
        </div>
      )}
      {sides.length > 1 && (
        <div className="field">
          <label htmlFor="kind-side">Condition</label>
          <select
            id="kind-side"
            className="select"
            value={form.thresholdType}
            onChange={(e) => onChange({ ...form, thresholdType: e.target.value as ThresholdType })}
          >
            {sides.map((side) => (
              <option key={side} value={side}>
                {(form.kind === 'movement' && MOVEMENT_SIDE_LABELS[side]) || SIDE_LABELS[side]}
              </option>
            ))}
          </select>
        </div>
      )}
      {form.kind === 'holding_pnl' && (
        <div className="field">
          <span className="label" id="kind-measure">
            Measured as
          </span>
          <div className="checks" role="radiogroup" aria-labelledby="kind-measure">
            <label>
              <input
                type="radio"
                name="kind-measure"
                checked={form.measure === 'percent'}
                onChange={() => onChange({ ...form, measure: 'percent' })}
              />
              Percent
            </label>
            <label>
              <input
                type="radio"
                name="kind-measure"
                checked={form.measure === 'amount'}
                onChange={() => onChange({ ...form, measure: 'amount' })}
              />
              Amount
            </label>
          </div>
        </div>
      )}
      <div className="field">
        <label htmlFor="kind-value">{valueLabel(form, amount, currency)}</label>
        <NumberInput
          id="kind-value"
          placeholder={form.kind === 'sync_problem' ? '1' : amount ? '50,000' : '10'}
          value={form.value}
          onChange={(value) => onChange({ ...form, value })}
        />
      </div>
    </div>
  );
}
