/**
 * The alerts of the fault suite and what became of them. Each batch is a coin of its own with a few
 * paid users, each with one 'Above' alert by e-mail and SMS (a distinct address and number per user,
 * so every message the peers receive belongs to one alert). Crossing the batch's price must bring each
 * alert exactly one e-mail and one SMS: anything missing is lost, anything more is a duplicate.
 */
import { randomInt } from 'node:crypto';
import type { SmtpPeer, TwilioPeer, FakeCoinGecko } from '@coinpace/adapters/testing';
import { latestPrices, outboxMessages, type AppDb } from '@coinpace/db';
import { createCoinAlert, createPaidUser } from '@coinpace/realtime/testing';
import { inArray } from 'drizzle-orm';

const BASE_USD = 100;
const THRESHOLD_USD = 110;
const CROSSED_USD = 120;

/**
 * The coins batches are armed on. CoinGecko lists a coin before anyone can set an alert on it (only
 * listed ids are polled, and the list is reloaded for a miss at most every 10 minutes), so the fake
 * lists them all before the roles start; each batch takes the next.
 */
export const FAULT_COINS: readonly { id: string; symbol: string }[] = Array.from({ length: 64 }, (_, i) => ({
  id: `fault-coin-${i + 1}`,
  symbol: `F${i + 1}`,
}));

/** Lists every fault coin at the fake CoinGecko, at the batches' starting price. */
export function listFaultCoins(coingecko: FakeCoinGecko): void {
  for (const coin of FAULT_COINS)
    coingecko.addCoin({ id: coin.id, symbol: coin.symbol, name: `Fault coin ${coin.symbol}`, usd: BASE_USD });
}

export interface AlertBatch {
  readonly label: string;
  readonly coin: string;
  readonly recipients: { email: string; phone: string; alertId: string }[];
  /** When the price crossed the alerts' threshold, epoch ms (0 before `cross`). */
  movedAt: number;
}

export interface BatchFigures {
  /** Messages expected: one e-mail and one SMS per alert. */
  expected: number;
  delivered: number;
  lost: number;
  duplicated: number;
  /** Longest time from `from` (default: the price move) to a message's arrival, ms; null when none arrived. */
  maxDelayMs: number | null;
}

export interface AlertLedger {
  /** Creates `alerts` alerts on a new coin and waits until the poller prices it (so a move is a tick). */
  arm(label: string, alerts?: number): Promise<AlertBatch>;
  /** Moves the batch's coin across the threshold at the fake CoinGecko. */
  cross(batch: AlertBatch): void;
  /** Waits until every message of the batch has arrived, at most `timeoutMs`; true when all did. */
  waitDelivered(batch: AlertBatch, timeoutMs: number): Promise<boolean>;
  /**
   * Waits until the outbox holds every message of the batch as sent or failed (nothing pending or in
   * flight that could still arrive twice), at most `timeoutMs`; true when it does.
   */
  waitSettled(batch: AlertBatch, timeoutMs: number): Promise<boolean>;
  figures(batch: AlertBatch, from?: number): BatchFigures;
  /** Every batch armed so far. */
  readonly batches: AlertBatch[];
}

export function createAlertLedger(deps: {
  db: AppDb;
  smtp: SmtpPeer;
  twilio: TwilioPeer;
  coingecko: FakeCoinGecko;
}): AlertLedger {
  const batches: AlertBatch[] = [];
  let coinSeq = 0;

  const arrivals = (batch: AlertBatch) => {
    const emails = new Set(batch.recipients.map((r) => r.email));
    const phones = new Set(batch.recipients.map((r) => r.phone));
    return [
      ...deps.smtp.messages
        .filter((m) => m.rcptTo.some((to) => emails.has(to)))
        .map((m) => ({ key: `email:${m.rcptTo.join(',')}`, at: m.receivedAt })),
      ...deps.twilio.messages
        .filter((m) => phones.has(m.to))
        .map((m) => ({ key: `sms:${m.to}`, at: m.receivedAt })),
    ];
  };

  return {
    batches,
    async arm(label, alerts = 3) {
      const listed = FAULT_COINS[coinSeq];
      if (!listed) throw new Error(`more than ${FAULT_COINS.length} batches armed; list more fault coins`);
      coinSeq += 1;
      const coin = listed.id;
      deps.coingecko.setPrice(coin, BASE_USD);
      const recipients: AlertBatch['recipients'] = [];
      for (let i = 0; i < alerts; i += 1) {
        const phone = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
        const user = await createPaidUser(deps.db, { planId: 'enterprise', phone });
        const alert = await createCoinAlert(deps.db, user.id, {
          coin,
          symbol: listed.symbol,
          thresholdType: 'Above',
          thresholdValue: THRESHOLD_USD,
          method: 'Both',
        });
        recipients.push({ email: user.email!, phone, alertId: alert.id });
      }
      const batch: AlertBatch = { label, coin, recipients, movedAt: 0 };
      batches.push(batch);
      // Alert coins join the tracked set; once the poller has stored the coin, a move is a change.
      const deadline = Date.now() + 20_000;
      while (
        (
          await deps.db
            .select()
            .from(latestPrices)
            .where(inArray(latestPrices.coingeckoId, [coin]))
        ).length === 0
      ) {
        if (Date.now() > deadline) throw new Error(`the poller did not price ${coin} within 20 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return batch;
    },
    cross(batch) {
      batch.movedAt = Date.now();
      deps.coingecko.setPrice(batch.coin, CROSSED_USD);
    },
    async waitDelivered(batch, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const expected = batch.recipients.length * 2;
      while (new Set(arrivals(batch).map((a) => a.key)).size < expected) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return true;
    },
    async waitSettled(batch, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const recipients = batch.recipients.flatMap((r) => [r.email, r.phone]);
      for (;;) {
        const rows = await deps.db
          .select({ status: outboxMessages.status })
          .from(outboxMessages)
          .where(inArray(outboxMessages.recipient, recipients));
        const done = rows.filter((r) => r.status === 'sent' || r.status === 'failed').length;
        if (rows.length >= recipients.length && done === rows.length) return true;
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    figures(batch, from = batch.movedAt) {
      const got = arrivals(batch);
      const expected = batch.recipients.length * 2;
      const first = new Map<string, number>();
      for (const { key, at } of got) first.set(key, Math.min(at, first.get(key) ?? at));
      return {
        expected,
        delivered: first.size,
        lost: expected - first.size,
        duplicated: got.length - first.size,
        maxDelayMs: first.size ? Math.max(...[...first.values()].map((at) => at - from)) : null,
      };
    },
  };
}
