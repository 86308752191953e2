/** The Add Coin form's rules (SPEC.md section 5, 'Add coin'), as pure functions. */
import {
  PORTFOLIO_TEXTS,
  parseNumberInput,
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

/**
 * Checks a draft in SPEC.md's order: all fields filled ('Please fill in all required fields'), both
 * numbers positive ('Please enter valid positive numbers...'), the coin identified ('Unable to identify
 * coin...'). Commas are stripped; numbers go out as decimal strings.
 */
export function checkAddCoin(draft: AddCoinDraft): AddCoinCheck {
  if (!draft.coin || draft.quantity.trim() === '' || draft.purchasePrice.trim() === '') {
    return { ok: false, message: PORTFOLIO_TEXTS.fillAllFields };
  }
  const quantity = parseNumberInput(draft.quantity);
  const price = parseNumberInput(draft.purchasePrice);
  if (!(quantity > 0) || !(price > 0)) return { ok: false, message: PORTFOLIO_TEXTS.positiveNumbers };
  if (!draft.coin.id?.trim()) return { ok: false, message: PORTFOLIO_TEXTS.unidentifiedCoin };
  const image = draft.coin.image?.startsWith('https://') ? draft.coin.image : null;
  return {
    ok: true,
    payload: {
      coingeckoId: draft.coin.id,
      name: draft.coin.name,
      symbol: draft.coin.symbol.toUpperCase(),
      address: draft.coin.contract_address ?? null,
      quantity: toDecimalString(quantity)!,
      purchasePrice: toDecimalString(price)!,
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
export function previewAddCoin(draft: AddCoinDraft): AddCoinPreview | null {
  const quantity = parseNumberInput(draft.quantity);
  const price = parseNumberInput(draft.purchasePrice);
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
