import {
  firstFxRateDays,
  historiesIn,
  listHoldings,
  listUserHistories,
  type AppDb,
  type UserRecord,
} from '@coinpace/db';
import {
  CURRENCIES,
  GAINS_INCOME_NOTE,
  GAINS_NOT_TAX_ADVICE,
  displayCurrencyOf,
  gainsReport,
  type DisplayCurrency,
  type GainsMethod,
  type GainsReportResult,
} from '@coinpace/domain';

/**
 * The user's gains report of `year` by `method`, in their display currency. Each transaction is
 * converted from the currency it was made in with the stored rate of its own day, so a purchase's cost
 * is in the rate of the day it was bought and a sale's proceeds in the rate of the day it was sold. A
 * day without its own stored rate takes the nearest stored day's and is listed in `missingRates`. A crypto
 * display currency (BTC, ETH) is no currency a tax form takes, so the report is in dollars then, as it
 * is when no rate of the currency is stored at all.
 */
export async function userGainsReport(
  db: AppDb,
  user: Pick<UserRecord, 'id' | 'displayCurrency'>,
  year: number,
  method: GainsMethod,
): Promise<GainsReportResult> {
  const [holdings, histories] = await Promise.all([
    listHoldings(db, user.id),
    listUserHistories(db, user.id),
  ]);
  const shown = displayCurrencyOf(user.displayCurrency);
  const fiat = shown !== 'usd' && !CURRENCIES[shown].sign;
  const currency: DisplayCurrency = fiat && (await firstFxRateDays(db))[shown] ? shown : 'usd';
  const converted = await historiesIn(db, histories, currency);
  const report = gainsReport(
    holdings.map((h) => ({
      holdingId: h.id,
      symbol: h.symbol,
      name: h.name,
      transactions: converted.histories.get(h.id) ?? [],
    })),
    { method, year },
  );
  const foreign = currency !== 'usd' || converted.missing.length > 0 || hasForeign(histories, currency);
  return {
    ...report,
    year,
    currency,
    conversion: foreign
      ? `Each transaction converted from the currency it was made in with the ${currency.toUpperCase()} rate of each transaction's day.`
      : null,
    missingRates: converted.missing,
    incomeNote: GAINS_INCOME_NOTE,
    notice: GAINS_NOT_TAX_ADVICE,
  };
}

function hasForeign(
  histories: ReadonlyMap<string, readonly { currency?: string }[]>,
  currency: string,
): boolean {
  for (const list of histories.values())
    for (const t of list) if ((t.currency ?? 'usd') !== currency) return true;
  return false;
}
