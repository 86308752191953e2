/**
 * Worker crashes: a worker killed while it holds a tick, and one killed
 * while it is sending. Nothing is lost, nothing is sent twice, and alerts the dead worker was not
 * handling are not held up (goal: at most 10 s late).
 */
import { outboxMessages } from '@coinpace/db';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { seconds, until, within, type Scenario, type ScenarioContext } from '../scenario.ts';

const OTHER_ALERTS_GOAL_MS = 10_000;
const TICKS_STREAM = 'coinpace:stream:ticks';
const ALERT_GROUP = 'alerts';

/** The worker process named by a consumer or dispatcher name (`${host}-${pid}`). */
export function workerOf(ctx: ScenarioContext, consumer: string): string | undefined {
  const pid = Number(consumer.slice(consumer.lastIndexOf('-') + 1));
  return Number.isInteger(pid) ? ctx.topology.nameOfPid(pid) : undefined;
}

export const workerKilledHoldingTick: Scenario = {
  name: 'worker-tick',
  title: 'worker SIGKILL while holding a tick',
  async run(ctx) {
    const { topology, ledger, say } = ctx;
    const held = await ledger.arm('held-tick');
    const other = await ledger.arm('other-alerts');
    // Locking the alerts' rows makes whichever worker takes the tick wait in the middle of it.
    const locker = postgres(topology.postgres.url, { max: 1, onnotice: () => {} });
    const session = await locker.reserve();
    let holder: string | undefined;
    let killedAt: number;
    try {
      await session`begin`;
      await session`select id from alerts where id in ${session(held.recipients.map((r) => r.alertId))} for update`;
      ledger.cross(held);
      await until(
        async () => {
          const pending = (await topology.redis.command<unknown[][]>([
            'XPENDING',
            TICKS_STREAM,
            ALERT_GROUP,
            'IDLE',
            '1000',
            '-',
            '+',
            '10',
          ])) as [string, string, number, number][];
          holder = pending.map(([, consumer]) => workerOf(ctx, consumer)).find(Boolean);
          return holder !== undefined;
        },
        15_000,
        'a worker holding the tick',
      );
      await topology.role(holder!).stop('SIGKILL');
      killedAt = Date.now();
      say(`${holder} held the tick and was killed`);
    } finally {
      await session`rollback`.catch(() => {});
      session.release();
      await locker.end({ timeout: 5 });
    }
    ledger.cross(other);
    await ledger.waitDelivered(other, 30_000);
    await ledger.waitDelivered(held, 60_000);
    await topology.restart(holder!);
    const heldDelay = ledger.figures(held, killedAt).maxDelayMs;
    const otherDelay = ledger.figures(other).maxDelayMs;
    const dropped = topology.log.find('dropped', killedAt);
    return {
      batches: [{ batch: held, delayFrom: killedAt }, { batch: other }],
      figures: {
        'held alerts delivered after the kill': heldDelay === null ? 'none' : seconds(heldDelay),
        'other alerts delay': otherDelay === null ? 'none' : seconds(otherDelay),
        'ticks dropped': String(dropped.length),
      },
      checks: [
        within('other alerts delay', otherDelay, OTHER_ALERTS_GOAL_MS),
        { what: 'no tick dropped', ok: dropped.length === 0, detail: dropped.map((d) => d.name).join(', ') },
      ],
    };
  },
};

export const workerKilledWhileSending: Scenario = {
  name: 'worker-send',
  title: 'worker SIGKILL while sending',
  async run(ctx) {
    const { topology, ledger, say } = ctx;
    const { smtp, twilio, database } = topology;
    const sending = await ledger.arm('sending', 1);
    const other = await ledger.arm('other-sends');
    // Twilio creates the message and never answers; the SMTP server has the mail and has not accepted it.
    twilio.hold(1);
    smtp.hold(1);
    ledger.cross(sending);
    await until(() => twilio.held === 1 && smtp.held === 1, 20_000, 'an SMS and an e-mail in flight');
    const rows = await database.db
      .selectDistinct({ claimedBy: outboxMessages.claimedBy })
      .from(outboxMessages)
      .where(eq(outboxMessages.status, 'sending'));
    const holders = [
      ...new Set(rows.map((r) => (r.claimedBy ? workerOf(ctx, r.claimedBy) : undefined)).filter(Boolean)),
    ] as string[];
    if (holders.length === 0) throw new Error('no worker holds the messages in flight');
    await Promise.all(holders.map((name) => topology.role(name).stop('SIGKILL')));
    const killedAt = Date.now();
    say(`${holders.join(' and ')} killed while sending`);
    // The peers see the dead connections: Twilio keeps the message it created, the SMTP server drops the
    // mail it had not accepted yet.
    await until(() => twilio.held === 0 && smtp.held === 0, 10_000, 'the peers seeing the connections close');
    twilio.release();
    smtp.release();
    // With both workers dead, one comes back at once; alerts wait for it.
    if (holders.length === 2) await topology.restart(holders.pop()!);
    ledger.cross(other);
    await ledger.waitDelivered(other, 30_000);
    await ledger.waitSettled(sending, 60_000);
    for (const name of holders) await topology.restart(name);
    const sentDelay = ledger.figures(sending, killedAt).maxDelayMs;
    const otherDelay = ledger.figures(other).maxDelayMs;
    const lookedUp = topology.log.find('SMS found at Twilio', killedAt).length;
    return {
      batches: [{ batch: sending, delayFrom: killedAt }, { batch: other }],
      figures: {
        'in-flight messages delivered after the kill': sentDelay === null ? 'none' : seconds(sentDelay),
        'other alerts delay': otherDelay === null ? 'none' : seconds(otherDelay),
        'SMS found at Twilio instead of resent': String(lookedUp),
      },
      checks: [
        within('other alerts delay', otherDelay, OTHER_ALERTS_GOAL_MS),
        {
          what: 'the SMS Twilio had accepted was recorded, not sent again',
          ok: lookedUp >= 1,
          detail: `${lookedUp} lookup(s)`,
        },
      ],
    };
  },
};
