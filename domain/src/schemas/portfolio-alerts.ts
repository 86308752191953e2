/**
 * POST /api/alerts with a `kind`: the portfolio kinds (portfolio value, drawdown, holding gain/loss,
 * allocation), shared by the API and the browser. One rule check serves create and update.
 */
import { z } from 'zod';
import { compareDecimal } from '../decimal.ts';
import {
  DEFAULT_RESET_INTERVAL,
  PNL_MEASURES,
  PORTFOLIO_KINDS,
  THRESHOLD_TYPES,
  type PnlMeasure,
  type PortfolioKind,
  type ThresholdType,
} from '../alerts/constants.ts';
import { ALERT_MESSAGES } from '../alerts/messages.ts';
import { zAlertChannels } from '../alerts/channels.ts';
import { DISPLAY_CURRENCIES } from '../format/currency.ts';
import { MAX_GAIN_PERCENT, zAlertThresholdValue, zNotificationMethod, zResetInterval } from './alerts.ts';

/** The threshold types each kind takes. */
export const KIND_THRESHOLD_TYPES: Readonly<Record<PortfolioKind, readonly ThresholdType[]>> = {
  portfolio_value: ['Above', 'Below'],
  drawdown: ['Loss'],
  holding_pnl: ['Gain', 'Loss'],
  allocation: ['Above', 'Below'],
  movement: ['Gain', 'Loss'],
  sync_problem: ['Above'],
};

/** A sync_problem alert's hours of failing before it tells: at least one, at most a week. */
export const SYNC_PROBLEM_MAX_HOURS = 168;

/** What a portfolio-kind alert is set to, for {@link portfolioRuleProblems}. */
export interface PortfolioRuleInput {
  kind: PortfolioKind;
  thresholdType: ThresholdType;
  /** A positive decimal string. */
  thresholdValue: string;
  measure?: PnlMeasure | null;
  holdingId?: string | null;
}

/** Why a portfolio-kind alert cannot be set as given, each with the field it concerns; empty when it can. */
export function portfolioRuleProblems(v: PortfolioRuleInput): { message: string; path: string }[] {
  const problems: { message: string; path: string }[] = [];
  const report = (message: string, path: string) => problems.push({ message, path });
  const types = KIND_THRESHOLD_TYPES[v.kind];
  if (!types.includes(v.thresholdType)) {
    report(`A ${KIND_NAMES[v.kind]} alert takes thresholdType ${types.join(' or ')}.`, 'thresholdType');
  }
  const needsHolding = v.kind === 'holding_pnl' || v.kind === 'allocation';
  if (needsHolding && !v.holdingId) report('Please choose the holding the alert is on.', 'holdingId');
  if (v.kind === 'portfolio_value' && v.holdingId) {
    report('A portfolio value alert is on the whole portfolio: leave holdingId out.', 'holdingId');
  }
  if (v.kind === 'sync_problem' && v.holdingId) {
    report('A sync problem alert is on every exchange account and wallet: leave holdingId out.', 'holdingId');
  }
  if (v.kind === 'sync_problem' && compareDecimal(v.thresholdValue, String(SYNC_PROBLEM_MAX_HOURS)) > 0) {
    report(`A sync problem alert waits at most ${SYNC_PROBLEM_MAX_HOURS} hours.`, 'thresholdValue');
  }
  if (v.kind === 'holding_pnl' && !v.measure) report('measure must be percent or amount.', 'measure');
  if (v.kind !== 'holding_pnl' && v.measure)
    report('measure is only for holding gain/loss alerts.', 'measure');
  const percent =
    v.kind !== 'portfolio_value' &&
    v.kind !== 'movement' &&
    v.kind !== 'sync_problem' &&
    !(v.kind === 'holding_pnl' && v.measure === 'amount');
  if (percent) {
    const lossLike = v.kind === 'drawdown' || (v.kind === 'holding_pnl' && v.thresholdType === 'Loss');
    if (lossLike && compareDecimal(v.thresholdValue, '100') >= 0) {
      report(ALERT_MESSAGES.lossBelowHundred, 'thresholdValue');
    }
    if (v.kind === 'allocation' && compareDecimal(v.thresholdValue, '100') > 0) {
      report('An allocation is a share of the portfolio: at most 100%.', 'thresholdValue');
    }
    if (v.kind === 'holding_pnl' && compareDecimal(v.thresholdValue, String(MAX_GAIN_PERCENT)) > 0) {
      report(
        `A gain alert may ask for at most ${MAX_GAIN_PERCENT.toLocaleString('en-US')}%.`,
        'thresholdValue',
      );
    }
  }
  return problems;
}

/** Each kind as messages name it. */
export const KIND_NAMES: Readonly<Record<PortfolioKind, string>> = {
  portfolio_value: 'portfolio value',
  drawdown: 'drawdown',
  holding_pnl: 'holding gain/loss',
  allocation: 'allocation',
  movement: 'movement',
  sync_problem: 'sync problem',
};

/**
 * POST /api/alerts for a portfolio kind: `kind`, the threshold (an amount in `currency` for portfolio
 * value, a holding_pnl `amount` and a movement's least worth; hours for a sync problem; else a percentage), the holding (`holdingId`, a portfolio item id)
 * where the kind needs one, and the delivery as for the other alerts.
 */
export const ZCreatePortfolioAlert = z
  .strictObject({
    kind: z.enum(PORTFOLIO_KINDS, { message: `kind must be one of ${PORTFOLIO_KINDS.join(', ')}` }),
    type: z
      .literal('PortfolioGainLoss', { message: 'Portfolio alerts are of type PortfolioGainLoss.' })
      .optional(),
    thresholdType: z.enum(THRESHOLD_TYPES, { message: 'Threshold type must be Above, Below, Gain or Loss' }),
    thresholdValue: zAlertThresholdValue,
    measure: z.enum(PNL_MEASURES, { message: 'measure must be percent or amount.' }).optional(),
    holdingId: z.uuid({ message: 'holdingId must be the id of one of your holdings.' }).optional(),
    notificationMethod: zNotificationMethod,
    /** Channels beside e-mail and SMS (docs/alert-channels.md); none when absent. */
    channels: zAlertChannels.optional(),
    resetInterval: zResetInterval.default(DEFAULT_RESET_INTERVAL),
    currency: z
      .enum(DISPLAY_CURRENCIES, { message: `currency must be one of ${DISPLAY_CURRENCIES.join(', ')}` })
      .optional(),
    userId: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    for (const p of portfolioRuleProblems(v))
      ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
  });
export type CreatePortfolioAlert = z.output<typeof ZCreatePortfolioAlert>;
export type CreatePortfolioAlertInput = z.input<typeof ZCreatePortfolioAlert>;

/** Whether a POST /api/alerts body asks for a portfolio kind (it names a `kind`). */
export function isPortfolioAlertBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'kind' in body;
}
