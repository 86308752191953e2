/**
 * The 'Portfolio' group of the Add Price Alert dialog: a portfolio value, a drawdown from the peak, a
 * holding's gain or loss (percent or amount), a coin's share of the portfolio, a movement in or out of a
 * synced exchange account or wallet, or a sync problem, as form state, its checks and the POST
 * /api/alerts body with a `kind`.
 */
import {
  ALERT_MESSAGES,
  KIND_THRESHOLD_TYPES,
  portfolioRuleProblems,
  type CreatePortfolioAlertInput,
  type DisplayCurrency,
  type NotificationMethod,
  type PnlMeasure,
  type PortfolioKind,
  type ResetInterval,
  type ThresholdType,
} from '@coinpace/domain';

export interface KindForm {
  kind: PortfolioKind;
  thresholdType: ThresholdType;
  measure: PnlMeasure;
  /** A portfolio item id; '' for the whole portfolio (drawdown) or none chosen yet. */
  holdingId: string;
  /** As typed, thousands separators allowed. */
  value: string;
}

/** The kinds as the dialog offers them. */
export const KIND_OPTIONS: readonly [PortfolioKind, string][] = [
  ['portfolio_value', 'Portfolio value'],
  ['drawdown', 'Drawdown from peak'],
  ['holding_pnl', 'Holding gain or loss'],
  ['allocation', 'Allocation (share of portfolio)'],
  ['movement', 'Coins moved in or out (exchange or wallet)'],
  ['sync_problem', 'Exchange or wallet not syncing'],
];

export const emptyKindForm = (): KindForm => ({
  kind: 'portfolio_value',
  thresholdType: 'Above',
  measure: 'percent',
  holdingId: '',
  value: '',
});

/** The form after choosing another kind: its first threshold type. */
export function withKind(form: KindForm, kind: PortfolioKind): KindForm {
  // A sync problem is most often wanted after the hour the product speaks of.
  const value = kind === 'sync_problem' && form.value === '' ? '1' : form.value;
  return { ...form, kind, value, thresholdType: KIND_THRESHOLD_TYPES[kind][0]! };
}

/** Whether the value is an amount in the display currency (else a percentage). */
export const isAmountKind = (form: KindForm) =>
  form.kind === 'portfolio_value' ||
  form.kind === 'movement' ||
  (form.kind === 'holding_pnl' && form.measure === 'amount');

/** Whether the kind may name one holding instead of them all: a drawdown and a movement. */
export const mayNameHolding = (kind: PortfolioKind) => kind === 'drawdown' || kind === 'movement';

/** Whether the kind names a holding: always for gain/loss and allocation, optionally for a drawdown. */
export const needsHolding = (kind: PortfolioKind) => kind === 'holding_pnl' || kind === 'allocation';

const numberText = (value: string) => value.replace(/,/g, '').trim();

/** The first problem of the form, with the texts the server gives; null when it can be sent. */
export function validateKindForm(form: KindForm, method: NotificationMethod | null): string | null {
  const value = numberText(form.value);
  if (value === '') return ALERT_MESSAGES.valueRequired;
  if (!/^\d+(\.\d+)?$/.test(value) || !(Number(value) > 0)) return 'Alert value must be a positive number';
  const [problem] = portfolioRuleProblems({
    kind: form.kind,
    thresholdType: form.thresholdType,
    thresholdValue: value,
    measure: form.kind === 'holding_pnl' ? form.measure : null,
    holdingId:
      (needsHolding(form.kind) || mayNameHolding(form.kind)) && form.holdingId ? form.holdingId : null,
  });
  if (problem) return problem.message;
  return method ? null : ALERT_MESSAGES.selectMethod;
}

/** The POST /api/alerts body. */
export function toKindPayload(
  form: KindForm,
  delivery: {
    notificationMethod: NotificationMethod;
    resetInterval: ResetInterval;
    channels?: ('webhook' | 'push' | 'discord' | 'slack' | 'telegram')[];
  },
  currency: DisplayCurrency,
): CreatePortfolioAlertInput {
  return {
    kind: form.kind,
    thresholdType: form.thresholdType,
    thresholdValue: numberText(form.value),
    ...(form.kind === 'holding_pnl' && { measure: form.measure }),
    ...(form.holdingId &&
      (needsHolding(form.kind) || mayNameHolding(form.kind)) && { holdingId: form.holdingId }),
    ...delivery,
    currency,
  };
}
