import { listHoldings, listUserHistories, loadDailyFxRates, type AppDb, type UserRecord } from '@coinpace/db';
import {
  CURRENCIES,
  GAINS_INCOME_NOTE,
  GAINS_NOT_TAX_ADVICE,
  convertByRate,
  displayCurrencyOf,
  gainsReport,
  rateOnDay,
  toDecimalString,
  type GainsMethod,
  type GainsReportResult,
} from '@coinpace/domain';

/**
 * The user's gains report of `year` by `method`, in their display currency. Transactions are priced in
 * dollars; each sale is converted with the stored rate of its own day (the latest stored day before it,
 * or the first stored day when the history starts later). A crypto display currency (BTC, ETH) is no
 * currency a tax form takes, so the report stays in dollars then, as it does when no rate is stored.
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
  const currency = displayCurrencyOf(user.displayCurrency);
  const fiat = currency !== 'usd' && !CURRENCIES[currency].sign;
  // Rates from the year before on: enough for every day of the year to find its latest rate.
  const days = fiat ? await loadDailyFxRates(db, currency, `${year - 1}-01-01`) : [];
  const converted = days.length > 0;
  const report = gainsReport(
    holdings.map((h) => ({
      holdingId: h.id,
      symbol: h.symbol,
      name: h.name,
      transactions: histories.get(h.id) ?? [],
    })),
    {
      method,
      year,
      toDisplay: converted
        ? convertByRate((day) => toDecimalString(rateOnDay(days, Date.parse(`${day}T00:00:00Z`)) ?? 1) ?? '1')
        : undefined,
    },
  );
  return {
    ...report,
    year,
    currency: converted ? currency : 'usd',
    conversion: converted
      ? `Converted from US dollars with the ${currency.toUpperCase()} rate of each sale's day.`
      : null,
    income: [],
    incomeNote: GAINS_INCOME_NOTE,
    notice: GAINS_NOT_TAX_ADVICE,
  };
}
