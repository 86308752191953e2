/**
 * The 'Add Price Alert' preview: one line per alert of where it fires and how far that is from now, by
 * the same math the alert engine uses (domain computeTrigger, triggerStanding, evaluatePortfolioAlert,
 * evaluateAllCoinsAlert). A condition that already holds is said plainly, with what will happen: the
 * alert fires at the next price update and uses a notification. The preview never
 * shows a trigger on the wrong side of the price ('fires at $100.17 (-47.50% from now)' for a gain).
 */
import {
  computeTrigger,
  evaluateAllCoinsAlert,
  evaluatePortfolioAlert,
  CURRENCIES,
  formatAmountIn,
  formatPercent,
  formatPriceIn,
  moneyIn,
  parseNumberInput,
  triggerStanding,
  type HoldingRow,
  type Money,
  type PricedHolding,
} from '@coinpace/domain';
import { DEFAULT_PREVIEW_PERCENT, effectiveKind, thresholdTypeOf, type AlertForm } from './alert-form.ts';

/** What the preview shows. */
export interface AlertPreview {
  lines: string[];
  /** Names (symbols, 'Whole portfolio', 'Every holding') whose condition already holds now. */
  holdsNow: string[];
}

/** What an already-true condition leads to, said once under the preview. */
export const FIRES_AT_NEXT_UPDATE = 'fires at the next price update';

const pricedHoldings = (holdings: readonly HoldingRow[]): PricedHolding[] =>
  holdings.map((h) => ({
    coingeckoId: h.coingeckoId,
    symbol: h.symbol,
    quantity: Number(h.quantity),
    purchasePrice: Number(h.purchasePrice),
    price: h.currentPrice > 0 ? h.currentPrice : null,
    fresh: true,
  }));

/**
 * The preview of the form against the holdings' prices. An empty percentage previews 5 % (SPEC.md
 * section 9). Lines: 'BTC: fires at $33,000.00 (+10.00% from now)', or when it already holds 'BTC: already
 * up 89.99% from its purchase price of $52.73 (past +5%), so it fires at the next price update.' Prices
 * are in `money`'s currency, the one the alert is set in; the typed price is in it too.
 */
export function previewAlert(
  form: AlertForm,
  dollarHoldings: readonly HoldingRow[],
  locale?: string,
  money: Money = moneyIn('usd', {}),
): AlertPreview {
  if (!(money.fromUsd(1) > 0)) {
    const name = CURRENCIES[money.currency].label;
    return { lines: [`Waiting for the ${name} rate to show where the alert fires.`], holdsNow: [] };
  }
  const holdings =
    money.currency === 'usd' ? dollarHoldings : dollarHoldings.map((h) => inCurrency(h, money));
  const watchPrice = form.watchCoin ? money.fromUsd(form.watchCoin.price) : 0;
  const formatPortfolioPrice = (value: number) => formatPriceIn(money.currency, value);
  const formatUsd = (value: number) => formatAmountIn(money.currency, value);
  const kind = effectiveKind(form);
  const typed = parseNumberInput(form.value, locale);
  const value = typed > 0 ? typed : kind === 'percentage' ? DEFAULT_PREVIEW_PERCENT : NaN;
  const sign = form.condition === 'above' ? '+' : '-';
  const percentType = form.condition === 'above' ? 'Gain' : 'Loss';
  if (form.tab === 'portfolio' && form.wholePortfolio) {
    const result = evaluatePortfolioAlert(
      { thresholdType: percentType, thresholdValue: value },
      pricedHoldings(holdings),
    );
    if (result.reason === 'no_value' || result.reason === 'no_reference' || !(result.cost > 0)) {
      return {
        lines: ['Whole portfolio: needs a holding with a price and a purchase price to measure from.'],
        holdsNow: [],
      };
    }
    const change = ((result.value - result.cost) / result.cost) * 100;
    if (result.fire) {
      return {
        lines: [
          `Whole portfolio: already worth ${formatUsd(result.value)}, ${formatPercent(change)} on the ${formatUsd(result.cost)} you paid (past ${sign}${value}%), so it ${FIRES_AT_NEXT_UPDATE}.`,
        ],
        holdsNow: ['Whole portfolio'],
      };
    }
    const move = formatPercent(((result.target - result.value) / result.value) * 100);
    return {
      lines: [
        `Whole portfolio: fires when it is worth ${formatUsd(result.target)}, ${sign}${value}% on the ${formatUsd(result.cost)} you paid (${move} from now).`,
      ],
      holdsNow: [],
    };
  }
  if (form.tab === 'portfolio' && form.allCoins) {
    const line = `Every holding: fires when a coin is ${sign}${value}% from its purchase price.`;
    const { crossed } = evaluateAllCoinsAlert(
      { thresholdType: percentType, thresholdValue: value },
      pricedHoldings(holdings),
    );
    if (crossed.length === 0) return { lines: [line], holdsNow: [] };
    const past = crossed.map((c) => `${c.symbol} ${formatPercent(c.changePercent)}`).join(', ');
    return {
      lines: [line, `Already past it now: ${past}, so it ${FIRES_AT_NEXT_UPDATE}.`],
      holdsNow: crossed.map((c) => c.symbol),
    };
  }
  const targets =
    form.tab === 'watchlist'
      ? form.watchCoin
        ? [
            {
              symbol: form.watchCoin.symbol,
              reference: watchPrice,
              current: watchPrice,
              purchase: false,
            },
          ]
        : []
      : holdings
          .filter((h) => form.holdings.includes(h.id))
          .map((h) => {
            const purchase = Number(h.purchasePrice) > 0;
            return {
              symbol: h.symbol,
              reference: purchase ? Number(h.purchasePrice) : h.currentPrice,
              current: h.currentPrice,
              purchase,
            };
          });
  if (!(value > 0)) {
    return { lines: targets.map((t) => `${t.symbol}: enter a price to see how far it is.`), holdsNow: [] };
  }
  const thresholdType = thresholdTypeOf(kind, form.condition);
  const holdsNow: string[] = [];
  const lines = targets.map((t) => {
    const trigger = computeTrigger({
      thresholdType,
      thresholdValue: value,
      referencePrice: t.reference > 0 ? t.reference : null,
    });
    if (!trigger.ok) return `${t.symbol}: no purchase price or current price to measure from yet.`;
    const at = Number(trigger.triggerPrice);
    const standing = triggerStanding(trigger.direction, at, t.current);
    if (standing.holds) {
      holdsNow.push(t.symbol);
      const now = formatPortfolioPrice(t.current);
      if (kind === 'price') {
        return `${t.symbol}: already ${form.condition} ${formatPortfolioPrice(at)} (now ${now}), so it ${FIRES_AT_NEXT_UPDATE}.`;
      }
      const change = formatPercent(((t.current - t.reference) / t.reference) * 100);
      const from = t.purchase ? 'its purchase price of ' : '';
      return `${t.symbol}: already ${change} from ${from}${formatPortfolioPrice(t.reference)} (past ${sign}${value}%), so it ${FIRES_AT_NEXT_UPDATE}.`;
    }
    const move = standing.movePercent === null ? '' : ` (${formatPercent(standing.movePercent)} from now)`;
    return `${t.symbol}: fires at ${formatPortfolioPrice(at)}${move}`;
  });
  return { lines, holdsNow };
}

/** A holding with its prices in `money`'s currency. */
function inCurrency(h: HoldingRow, money: Money): HoldingRow {
  return {
    ...h,
    currentPrice: money.fromUsd(h.currentPrice),
    purchasePrice: String(money.fromUsd(Number(h.purchasePrice))),
  };
}

/** The preview's lines (see previewAlert). */
export function previewLines(form: AlertForm, holdings: readonly HoldingRow[], locale?: string): string[] {
  return previewAlert(form, holdings, locale).lines;
}
