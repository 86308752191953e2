/**
 * Outside services failing: SMTP down for 30 s; CoinGecko answering 429, 500, or never.
 * Alerts whose price moved meanwhile are delivered once when the service is back, and browsers get
 * prices again.
 */
import type { FakeFailure } from '@coinpace/adapters/testing';
import { seconds, sleep, until, type Scenario } from '../scenario.ts';

export const smtpDown: Scenario = {
  name: 'smtp-down',
  title: 'SMTP down 30 s',
  async run({ topology, ledger, say }) {
    const batch = await ledger.arm('smtp-down');
    await topology.smtp.down();
    const downAt = Date.now();
    ledger.cross(batch);
    const phones = new Set(batch.recipients.map((r) => r.phone));
    const smsMs = await until(
      () => topology.twilio.messages.filter((m) => phones.has(m.to)).length === batch.recipients.length,
      20_000,
      'the SMS while SMTP is down',
    );
    await sleep(Math.max(0, 30_000 - (Date.now() - downAt)));
    await topology.smtp.up();
    const back = Date.now();
    say('SMTP back after 30 s; e-mails wait for their next retry');
    return {
      batches: [{ batch, delayFrom: back, deliverWithinMs: 90_000 }],
      figures: { 'SMS sent during the outage after': seconds(smsMs) },
    };
  },
};

/** Makes the next `times` price polls fail this way while a price moves. */
function upstreamFailure(failure: FakeFailure, times: number, title: string, name: string): Scenario {
  return {
    name,
    title,
    async run({ topology, ledger, clients }) {
      const batch = await ledger.arm(name);
      const failedAt = Date.now();
      topology.coingecko.fail('simple/price', failure, times);
      ledger.cross(batch);
      await until(
        () => topology.coingecko.requestsTo('simple/price').filter((r) => r.at >= failedAt).length > times,
        200_000,
        'CoinGecko asked again after the failures',
      );
      const answeredAt = Date.now();
      const recoveryMs = await clients.allReceiveAfter(answeredAt, 15_000);
      return {
        recoveryMs,
        batches: [{ batch, deliverWithinMs: 30_000 }],
        figures: {
          'upstream answering again after': seconds(answeredAt - failedAt),
          'longest gap in prices': seconds(clients.longestGap(failedAt, answeredAt + recoveryMs)),
        },
      };
    },
  };
}

export const upstream429 = upstreamFailure(429, 1, 'CoinGecko 429 (2 min lock)', 'upstream-429');
export const upstream500 = upstreamFailure(500, 2, 'CoinGecko 500 twice', 'upstream-500');
export const upstreamHang = upstreamFailure('hang', 1, 'CoinGecko hangs', 'upstream-hang');
