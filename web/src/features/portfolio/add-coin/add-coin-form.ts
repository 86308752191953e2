/** The Add Coin form's rules (SPEC.md section 5, 'Add coin'), as pure functions. */
import {
  PORTFOLIO_TEXTS,
  numberInputMessage,
  parseNumberInput,
  readNumberInput,
  toDecimalString,
  type AddHoldingInput,
  type CoinSearchResult,
} from '@coinpace/domain';

/** What the user has filled in: the chosen coin and the two fields as typed (with commas). */
export interface AddCoinDraft {
  coin: CoinSearchResult | null;
  quantity: string;
  purchasePrice: string;
}

/** The add-coin payload, or the SPEC.md message saying what is wrong. */
export type AddCoinCheck = { ok: true; payload: AddHoldingInput } | { ok: false; message: string };

/** The field labels, as the messages name them. */
export const QUANTITY_LABEL = 'Quantity';
export const PRICE_LABEL = 'Purchase price';

/**
 * Checks a draft in SPEC.md's order: all fields filled ('Please fill in all required fields'), both
 * numbers readable by the user's `locale` (text that is not a number is refused with a message
 * naming the field, never read as another number), both positive ('Please enter valid positive
 * numbers...'), the coin identified ('Unable to identify coin...'). Numbers go out as decimal strings.
 */
export function checkAddCoin(draft: AddCoinDraft, locale?: string): AddCoinCheck {
  if (!draft.coin || draft.quantity.trim() === '' || draft.purchasePrice.trim() === '') {
    return { ok: false, message: PORTFOLIO_TEXTS.fillAllFields };
  }
  const quantity = readNumberInput(draft.quantity, locale);
  const price = readNumberInput(draft.purchasePrice, locale);
  for (const [label, text, reading] of [
    [QUANTITY_LABEL, draft.quantity, quantity],
    [PRICE_LABEL, draft.purchasePrice, price],
  ] as const) {
    if (!reading.ok && reading.problem === 'unreadable') {
      return { ok: false, message: numberInputMessage(label, text, locale)! };
    }
  }
  if (!quantity.ok || !price.ok || !(quantity.value > 0) || !(price.value > 0)) {
    return { ok: false, message: PORTFOLIO_TEXTS.positiveNumbers };
  }
  if (!draft.coin.id?.trim()) return { ok: false, message: PORTFOLIO_TEXTS.unidentifiedCoin };
  const image = draft.coin.image?.startsWith('https://') ? draft.coin.image : null;
  return {
    ok: true,
    payload: {
      coingeckoId: draft.coin.id,
      name: draft.coin.name,
      symbol: draft.coin.symbol.toUpperCase(),
      address: draft.coin.contract_address ?? null,
      quantity: toDecimalString(quantity.decimal)!,
      purchasePrice: toDecimalString(price.decimal)!,
      image,
    },
  };
}

/** The preview under the form; null until both numbers are readable. */
export interface AddCoinPreview {
  pricePerCoin: number;
  totalInvestment: number;
  /** Null when the coin has no price (0). */
  currentValue: number | null;
  gainLoss: number | null;
  gainLossPercent: number | null;
}

/** Purchase price per coin, total investment, current value, gain/loss and percent. */
export function previewAddCoin(draft: AddCoinDraft, locale?: string): AddCoinPreview | null {
  const quantity = parseNumberInput(draft.quantity, locale);
  const price = parseNumberInput(draft.purchasePrice, locale);
  if (!(quantity > 0) || !(price > 0)) return null;
  const totalInvestment = quantity * price;
  const current = draft.coin?.current_price ?? 0;
  if (!(current > 0)) {
    return {
      pricePerCoin: price,
      totalInvestment,
      currentValue: null,
      gainLoss: null,
      gainLossPercent: null,
    };
  }
  const currentValue = quantity * current;
  return {
    pricePerCoin: price,
    totalInvestment,
    currentValue,
    gainLoss: currentValue - totalInvestment,
    gainLossPercent: ((current - price) / price) * 100,
  };
}
