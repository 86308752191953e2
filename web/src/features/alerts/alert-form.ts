/**
 * The 'Add Price Alert' form (SPEC.md sections 2 and 5): its state, the rules that force a percentage
 * alert, validation with SPEC.md's messages, the preview, and the create payload it sends.
 */
import {
  ALERT_MESSAGES,
  DEFAULT_RESET_INTERVAL,
  computeTrigger,
  formatPercent,
  formatPortfolioPrice,
  formatUsd,
  parseNumberInput,
  portfolioBasis,
  portfolioTarget,
  type CreateAlertInput,
  type HoldingRow,
  type ResetInterval,
  type ThresholdType,
} from '@coinpace/domain';
import { methodOf } from './alert-ui.ts';

/** A coin picked on the Watch List tab (from search). */
export interface WatchCoin {
  id: string;
  name: string;
  symbol: string;
  image: string | null;
  price: number;
}

export interface AlertForm {
  tab: 'portfolio' | 'watchlist';
  /** Holding ids ticked on the My Portfolio tab. */
  holdings: string[];
  allCoins: boolean;
  wholePortfolio: boolean;
  watchCoin: WatchCoin | null;
  kind: 'price' | 'percentage';
  condition: 'above' | 'below';
  /** As typed, with thousands separators. */
  value: string;
  email: boolean;
  sms: boolean;
  resetInterval: ResetInterval;
}

/** SPEC.md section 9: 'default preview percentage 5 when the value is empty'. */
export const DEFAULT_PREVIEW_PERCENT = 5;

export function emptyForm(preselect: string[] = []): AlertForm {
  return {
    tab: 'portfolio',
    holdings: preselect,
    allCoins: false,
    wholePortfolio: false,
    watchCoin: null,
    kind: 'price',
    condition: 'above',
    value: '',
    email: true,
    sms: true,
    resetInterval: DEFAULT_RESET_INTERVAL,
  };
}

/** Several coins, all coins or the whole portfolio force a percentage alert (SPEC.md section 5). */
export function isPercentForced(form: AlertForm): boolean {
  return form.tab === 'portfolio' && (form.holdings.length > 1 || form.allCoins || form.wholePortfolio);
}

/** The kind the alert will have, after the forcing rule. */
export function effectiveKind(form: AlertForm): 'price' | 'percentage' {
  return isPercentForced(form) ? 'percentage' : form.kind;
}

export function thresholdTypeOf(kind: 'price' | 'percentage', condition: 'above' | 'below'): ThresholdType {
  if (kind === 'price') return condition === 'above' ? 'Above' : 'Below';
  return condition === 'above' ? 'Gain' : 'Loss';
}

/** The first problem with the form, as SPEC.md words it; null when it can be sent. */
export function validateForm(form: AlertForm): string | null {
  if (form.tab === 'watchlist' && !form.watchCoin) return ALERT_MESSAGES.missingCoinId;
  if (form.tab === 'watchlist' && !form.watchCoin?.id) return ALERT_MESSAGES.missingCoinId;
  if (form.tab === 'portfolio' && form.holdings.length === 0 && !form.allCoins && !form.wholePortfolio) {
    return ALERT_MESSAGES.targetRequired;
  }
  const value = parseNumberInput(form.value);
  if (!(value > 0)) return ALERT_MESSAGES.valueRequired;
  if (effectiveKind(form) === 'percentage' && form.condition === 'below' && value >= 100) {
    return ALERT_MESSAGES.lossBelowHundred;
  }
  if (!methodOf(form)) return ALERT_MESSAGES.selectMethod;
  return null;
}

/** The POST /api/alerts payload of a valid form (commas stripped, SPEC.md section 5). */
export function toCreatePayload(form: AlertForm): CreateAlertInput {
  const thresholdType = thresholdTypeOf(effectiveKind(form), form.condition);
  const common = {
    thresholdType,
    thresholdValue: form.value.replace(/,/g, '').trim(),
    notificationMethod: methodOf(form)!,
    resetInterval: form.resetInterval,
  };
  if (form.tab === 'watchlist') {
    const coin = form.watchCoin!;
    return {
      ...common,
      type: 'WatchlistPrice',
      coinId: coin.id,
      coin: {
        name: coin.name,
        symbol: coin.symbol,
        image: coin.image?.startsWith('https://') ? coin.image : null,
      },
    };
  }
  if (form.wholePortfolio) return { ...common, type: 'PortfolioGainLoss', wholePortfolio: true };
  if (form.allCoins) return { ...common, type: 'PortfolioGainLoss', allCoins: true };
  if (form.holdings.length === 1) return { ...common, type: 'PortfolioGainLoss', coinId: form.holdings[0]! };
  return { ...common, type: 'PortfolioGainLoss', coinIds: form.holdings };
}

/** How many alerts the form creates. */
export function alertCount(form: AlertForm): number {
  if (form.tab === 'watchlist' || form.allCoins || form.wholePortfolio) return 1;
  return form.holdings.length;
}

/**
 * One line per coin of what the alert will do, e.g. 'BTC: fires at $33,000.00 (+10.00% from $30,000.00)'.
 * An empty value previews 5 %.
 */
export function previewLines(form: AlertForm, holdings: readonly HoldingRow[]): string[] {
  const kind = effectiveKind(form);
  const typed = parseNumberInput(form.value);
  const value = typed > 0 ? typed : kind === 'percentage' ? DEFAULT_PREVIEW_PERCENT : NaN;
  const sign = form.condition === 'above' ? '+' : '-';
  if (form.tab === 'portfolio' && form.wholePortfolio) {
    // Measured against what the holdings cost, as the server does (evaluatePortfolioAlert).
    const basis = portfolioBasis(
      holdings.map((h) => ({
        coingeckoId: h.coingeckoId,
        symbol: h.symbol,
        quantity: Number(h.quantity),
        purchasePrice: Number(h.purchasePrice),
        price: h.currentPrice > 0 ? h.currentPrice : null,
      })),
    );
    if (basis.counted === 0) {
      return ['Whole portfolio: needs a holding with a price and a purchase price to measure from.'];
    }
    const at = portfolioTarget(form.condition === 'above' ? 'Gain' : 'Loss', value, basis.cost);
    const move = formatPercent(((at - basis.value) / basis.value) * 100);
    return [
      `Whole portfolio: fires when it is worth ${formatUsd(at)}, ${sign}${value}% on the ${formatUsd(basis.cost)} you paid (${move} from now).`,
    ];
  }
  if (form.tab === 'portfolio' && form.allCoins) {
    return [`Every holding: fires when a coin is ${sign}${value}% from its purchase price.`];
  }
  const targets =
    form.tab === 'watchlist'
      ? form.watchCoin
        ? [{ symbol: form.watchCoin.symbol, reference: form.watchCoin.price, current: form.watchCoin.price }]
        : []
      : holdings
          .filter((h) => form.holdings.includes(h.id))
          .map((h) => ({
            symbol: h.symbol,
            reference: Number(h.purchasePrice) > 0 ? Number(h.purchasePrice) : h.currentPrice,
            current: h.currentPrice,
          }));
  if (!(value > 0)) return targets.map((t) => `${t.symbol}: enter a price to see how far it is.`);
  return targets.map((t) => {
    const trigger = computeTrigger({
      thresholdType: thresholdTypeOf(kind, form.condition),
      thresholdValue: value,
      referencePrice: t.reference > 0 ? t.reference : null,
    });
    if (!trigger.ok) return `${t.symbol}: no purchase price or current price to measure from yet.`;
    const at = Number(trigger.triggerPrice);
    const move = t.current > 0 ? ` (${formatPercent(((at - t.current) / t.current) * 100)} from now)` : '';
    return `${t.symbol}: fires at ${formatPortfolioPrice(at)}${move}`;
  });
}
