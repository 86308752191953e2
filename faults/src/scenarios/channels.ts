/**
 * The alert channels beside e-mail and SMS failing: every channel's peer (push service, Telegram,
 * Discord, Slack, the signed-webhook receiver) off the network for 30 s at once, and a worker killed
 * while its sends on those channels are in flight. Each alert asks for every channel; the runner counts
 * one message per alert and channel at the peers: none missing, none twice.
 */
import { outboxMessages } from '@coinpace/db';
import { and, eq, inArray } from 'drizzle-orm';
import { EXTRA_CHANNELS } from '../probes/channel-peers.ts';
import { seconds, sleep, until, within, type Scenario } from '../scenario.ts';
import { workerOf } from './workers.ts';

const DOWN_MS = 30_000;
const OTHER_ALERTS_GOAL_MS = 10_000;

export const channelPeersDown: Scenario = {
  name: 'channels-down',
  title: 'push, Telegram, Discord, Slack, webhook peers down 30 s',
  async run({ topology, ledger, say }) {
    const batch = await ledger.arm('channels-down', 3, { channels: true });
    await topology.channels.down();
    const downAt = Date.now();
    ledger.cross(batch);
    // E-mail and SMS do not wait for the other channels.
    const emails = new Set(batch.recipients.map((r) => r.email));
    const phones = new Set(batch.recipients.map((r) => r.phone));
    const mailSmsMs = await until(
      () =>
        topology.twilio.messages.filter((m) => phones.has(m.to)).length === batch.recipients.length &&
        topology.smtp.messages.filter((m) => m.rcptTo.some((to) => emails.has(to))).length ===
          batch.recipients.length,
      20_000,
      'the e-mails and SMS while the other channels are down',
    );
    await sleep(Math.max(0, DOWN_MS - (Date.now() - downAt)));
    const arrivedDuring = topology.channels.arrivals().filter((a) => a.at >= downAt).length;
    await topology.channels.up();
    const back = Date.now();
    say('channel peers back after 30 s; their messages wait for their next retry');
    return {
      batches: [{ batch, delayFrom: back, deliverWithinMs: 150_000 }],
      figures: { 'e-mail and SMS sent during the outage after': seconds(mailSmsMs) },
      checks: [
        {
          what: 'nothing reached a peer that was down',
          ok: arrivedDuring === 0,
          detail: `${arrivedDuring} arrival(s)`,
        },
      ],
    };
  },
};

export const workerKilledWhileSendingChannels: Scenario = {
  name: 'worker-send-channels',
  title: 'worker SIGKILL while sending push, Telegram, Discord, Slack, webhook',
  async run(ctx) {
    const { topology, ledger, say } = ctx;
    const { channels, database } = topology;
    const sending = await ledger.arm('sending-channels', 1, { channels: true });
    const other = await ledger.arm('other-channel-sends', 3, { channels: true });
    const userId = sending.recipients[0]!.userId;
    const inFlight = () =>
      database.db
        .select({ claimedBy: outboxMessages.claimedBy })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.userId, userId),
            eq(outboxMessages.status, 'sending'),
            inArray(outboxMessages.channel, [...EXTRA_CHANNELS]),
          ),
        );
    // Every channel's peer takes the connection and never answers: the sends hang in the worker.
    for (const proxy of Object.values(channels.proxies)) proxy.hang();
    let killedAt: number;
    let holders: string[];
    try {
      ledger.cross(sending);
      await until(
        async () => (await inFlight()).length === EXTRA_CHANNELS.length,
        20_000,
        'a message in flight on every channel',
      );
      // Past the claim and into the request (each send times out only after 10 s).
      await sleep(1_000);
      const rows = await inFlight();
      holders = [
        ...new Set(rows.map((r) => (r.claimedBy ? workerOf(ctx, r.claimedBy) : undefined)).filter(Boolean)),
      ] as string[];
      if (holders.length === 0) throw new Error('no worker holds the messages in flight');
      await Promise.all(holders.map((name) => topology.role(name).stop('SIGKILL')));
      killedAt = Date.now();
      say(`${holders.join(' and ')} killed while sending ${rows.length} message(s)`);
    } finally {
      await Promise.all(Object.values(channels.proxies).map((proxy) => proxy.resume()));
    }
    // With both workers dead, one comes back at once; alerts wait for it.
    if (holders.length === 2) await topology.restart(holders.pop()!);
    ledger.cross(other);
    await ledger.waitDelivered(other, 30_000);
    await ledger.waitSettled(sending, 60_000);
    for (const name of holders) await topology.restart(name);
    const sentDelay = ledger.figures(sending, killedAt).maxDelayMs;
    const otherDelay = ledger.figures(other).maxDelayMs;
    return {
      batches: [{ batch: sending, delayFrom: killedAt }, { batch: other }],
      figures: {
        'in-flight messages delivered after the kill': sentDelay === null ? 'none' : seconds(sentDelay),
        'other alerts delay': otherDelay === null ? 'none' : seconds(otherDelay),
      },
      checks: [within('other alerts delay', otherDelay, OTHER_ALERTS_GOAL_MS)],
    };
  },
};
