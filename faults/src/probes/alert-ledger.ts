/**
 * The alerts of the fault suite and what became of them. Each batch is a coin of its own with a few
 * paid users, each with one 'Above' alert by e-mail and SMS (a distinct address and number per user,
 * so every message the peers receive belongs to one alert). Crossing the batch's price must bring each
 * alert exactly one e-mail and one SMS: anything missing is lost, anything more is a duplicate. A batch
 * armed with the other channels also gives each user a confirmed destination of each (push, Telegram,
 * Discord, Slack, webhook), each alert asking for all five: one message more per channel, counted at
 * that channel's peer.
 */
import { randomInt } from 'node:crypto';
import type { SecretBox } from '@coinpace/adapters';
import type { SmtpPeer, TwilioPeer, FakeCoinGecko } from '@coinpace/adapters/testing';
import { alertEvents, alerts as alertsTable, latestPrices, outboxMessages, type AppDb } from '@coinpace/db';
import { createCoinAlert, createPaidUser } from '@coinpace/realtime/testing';
import { eq, inArray } from 'drizzle-orm';
import { EXTRA_CHANNELS, type ChannelPeers, type ChannelTargets } from './channel-peers.ts';

/** Every channel a batch can be counted on, in the order reports list them. */
export const ALL_CHANNELS = ['email', 'sms', ...EXTRA_CHANNELS] as const;
export type AnyChannel = (typeof ALL_CHANNELS)[number];
export const LATENCY_STAGES = ['tick to firing', 'firing to send', 'send to peer'] as const;
export type LatencyStage = (typeof LATENCY_STAGES)[number];

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
  readonly recipients: {
    email: string;
    phone: string;
    alertId: string;
    userId: string;
    /** The alert's destinations at the other channels' peers, when armed with them. */
    targets?: ChannelTargets;
  }[];
  /** When the price crossed the alerts' threshold, epoch ms (0 before `cross`). */
  movedAt: number;
}

export interface BatchFigures {
  /** Messages expected: one e-mail and one SMS per alert, and one per other channel when armed with them. */
  expected: number;
  delivered: number;
  lost: number;
  duplicated: number;
  /** Longest time from `from` (default: the price move) to a message's arrival, ms; null when none arrived. */
  maxDelayMs: number | null;
}

export interface AlertLedger {
  /**
   * Creates `alerts` alerts on a new coin and waits until the poller prices it (so a move is a tick).
   * With `channels`, each alert also goes out on push, Telegram, Discord, Slack and the webhook.
   */
  arm(label: string, alerts?: number, options?: { channels?: boolean }): Promise<AlertBatch>;
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
  /** The batch's messages channel by channel: expected, arrived (first copies) and extra copies. */
  byChannel(
    batch: AlertBatch,
  ): Partial<Record<AnyChannel, { expected: number; delivered: number; duplicated: number }>>;
  /**
   * Per channel: each first arrival's time from the tick that fired it, ms (the tick's own time). And the
   * same journey in stages over every channel: the tick to the firing (the alert consumer), the firing to
   * the last attempt's start (the dispatcher's pickup), that start to the arrival (the send).
   */
  latency(batch: AlertBatch): Promise<Partial<Record<AnyChannel | LatencyStage, number[]>>>;
  /** Every batch armed so far. */
  readonly batches: AlertBatch[];
}

export function createAlertLedger(deps: {
  db: AppDb;
  smtp: SmtpPeer;
  twilio: TwilioPeer;
  coingecko: FakeCoinGecko;
  channels: ChannelPeers;
  secrets: SecretBox;
}): AlertLedger {
  const batches: AlertBatch[] = [];
  let coinSeq = 0;

  const expectedOf = (batch: AlertBatch) =>
    batch.recipients.reduce((n, r) => n + 2 + (r.targets ? EXTRA_CHANNELS.length : 0), 0);
  const arrivals = (batch: AlertBatch) => {
    const emails = new Set(batch.recipients.map((r) => r.email));
    const phones = new Set(batch.recipients.map((r) => r.phone));
    const targets = new Set(
      batch.recipients.flatMap((r) =>
        r.targets ? EXTRA_CHANNELS.map((channel) => `${channel}:${r.targets![channel]}`) : [],
      ),
    );
    return [
      ...deps.channels
        .arrivals()
        .map((a) => ({ key: `${a.channel}:${a.target}`, at: a.at }))
        .filter((a) => targets.has(a.key)),
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
    async arm(label, alerts = 3, options = {}) {
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
        let targets: ChannelTargets | undefined;
        if (options.channels) {
          targets = await deps.channels.addDestinations(deps.db, deps.secrets, user.id);
          await deps.db
            .update(alertsTable)
            .set({ channels: [...EXTRA_CHANNELS] })
            .where(eq(alertsTable.id, alert.id));
        }
        recipients.push({ email: user.email!, phone, alertId: alert.id, userId: user.id, targets });
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
      const expected = expectedOf(batch);
      while (new Set(arrivals(batch).map((a) => a.key)).size < expected) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return true;
    },
    async waitSettled(batch, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const users = batch.recipients.map((r) => r.userId);
      const expected = expectedOf(batch);
      for (;;) {
        const rows = await deps.db
          .select({ status: outboxMessages.status })
          .from(outboxMessages)
          .where(inArray(outboxMessages.userId, users));
        const done = rows.filter((r) => r.status === 'sent' || r.status === 'failed').length;
        if (rows.length >= expected && done === rows.length) return true;
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    figures(batch, from = batch.movedAt) {
      const got = arrivals(batch);
      const expected = expectedOf(batch);
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
    byChannel(batch) {
      const out: ReturnType<AlertLedger['byChannel']> = {};
      const armed = batch.recipients.some((r) => r.targets);
      for (const channel of armed ? ALL_CHANNELS : (['email', 'sms'] as const)) {
        const count = batch.recipients.filter(
          (r) => channel === 'email' || channel === 'sms' || r.targets,
        ).length;
        out[channel] = { expected: count, delivered: 0, duplicated: 0 };
      }
      const seenKeys = new Set<string>();
      for (const { key } of arrivals(batch)) {
        const entry = out[key.slice(0, key.indexOf(':')) as AnyChannel];
        if (!entry) continue;
        if (seenKeys.has(key)) entry.duplicated += 1;
        else entry.delivered += 1;
        seenKeys.add(key);
      }
      return out;
    },
    async latency(batch) {
      const first = new Map<string, number>();
      for (const { key, at } of arrivals(batch)) first.set(key, Math.min(at, first.get(key) ?? at));
      const rows = await deps.db
        .select({
          userId: outboxMessages.userId,
          channel: outboxMessages.channel,
          key: outboxMessages.dedupeKey,
          firedAt: alertEvents.firedAt,
          sendAt: outboxMessages.attemptStartedAt,
        })
        .from(outboxMessages)
        .leftJoin(alertEvents, eq(alertEvents.id, outboxMessages.alertEventId))
        .where(
          inArray(
            outboxMessages.userId,
            batch.recipients.map((r) => r.userId),
          ),
        );
      const out: Partial<Record<AnyChannel | LatencyStage, number[]>> = {};
      for (const row of rows) {
        const r = batch.recipients.find((x) => x.userId === row.userId);
        const channel = ALL_CHANNELS.find((c) => c === row.channel);
        // The dedupe key is `alert-notice:{userId}:{tickId}:{channel}`, the tick id `{tick time}-{seq}`.
        const tickAt = Number(row.key.split(':')[2]?.split('-')[0]);
        if (!r || !channel || !Number.isFinite(tickAt)) continue;
        const key =
          channel === 'email'
            ? `email:${r.email}`
            : channel === 'sms'
              ? `sms:${r.phone}`
              : `${channel}:${r.targets?.[channel]}`;
        const at = first.get(key);
        if (at === undefined) continue;
        (out[channel] ??= []).push(at - tickAt);
        if (!row.firedAt || !row.sendAt) continue;
        (out['tick to firing'] ??= []).push(row.firedAt.getTime() - tickAt);
        (out['firing to send'] ??= []).push(row.sendAt.getTime() - row.firedAt.getTime());
        (out['send to peer'] ??= []).push(at - row.sendAt.getTime());
      }
      return out;
    },
  };
}
