/** The Report Error e-mail (SPEC.md section 2, row menu; section 7: 'coin details and user id'). */
import type { HoldingRow } from '../schemas/portfolio.ts';

/** Who reports, as the support team needs to find them. */
export interface Reporter {
  /** Our user id. */
  id: string;
  email: string | null;
  firstName: string | null;
}

/** A composed support e-mail. */
export interface ReportEmail {
  subject: string;
  text: string;
}

/**
 * The e-mail a Report Error click sends to the support mailbox: the coin's details as the user sees
 * them, the user id and contact, the optional note, and the time (ISO 8601, UTC).
 */
export function composeHoldingReport(input: {
  holding: HoldingRow;
  reporter: Reporter;
  note?: string;
  at: Date;
}): ReportEmail {
  const { holding, reporter, note, at } = input;
  const lines = [
    `A user reported an error on a portfolio holding.`,
    '',
    'Coin',
    `  Symbol: ${holding.symbol}`,
    `  Name: ${holding.name}`,
    `  CoinGecko id: ${holding.coingeckoId ?? '(none)'}`,
    `  Contract address: ${holding.address ?? '(none)'}`,
    `  Quantity: ${holding.quantity}`,
    `  Purchase price (USD per coin): ${holding.purchasePrice}`,
    `  Current price (USD): ${holding.currentPrice > 0 ? holding.currentPrice : 'No price data'}`,
    `  24h change (%): ${holding.change24h ?? '(unknown)'}`,
    `  Holding id: ${holding.id}`,
    '',
    'User',
    `  User id: ${reporter.id}`,
    `  E-mail: ${reporter.email ?? '(none)'}`,
    `  First name: ${reporter.firstName ?? '(none)'}`,
    '',
    `Reported at: ${at.toISOString()}`,
  ];
  if (note) lines.push('', 'Note from the user:', note);
  return {
    subject: `Error report: ${holding.symbol} (${holding.name})`,
    text: `${lines.join('\n')}\n`,
  };
}
