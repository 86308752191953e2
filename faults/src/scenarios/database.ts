/**
 * Postgres stopped for 20 s: the API answers 503 'temporarily unavailable' within
 * 2 s all along (never a 500, never a hang), serves again within 5 s of Postgres returning, and an alert
 * whose price moved during the outage fires once afterwards.
 */
import { timedRequest, type TimedResponse } from '../probes/api-probe.ts';
import { seconds, sleep, within, type Scenario } from '../scenario.ts';

const ANSWER_GOAL_MS = 2_000;
const RECOVERY_GOAL_MS = 5_000;
const OUTAGE_MS = 20_000;

export const postgresStopped: Scenario = {
  name: 'postgres-down',
  title: 'Postgres stopped 20 s',
  async run({ topology, ledger, clients, token, say }) {
    const api = topology.role('api-1').url;
    const batch = await ledger.arm('postgres-down');
    await topology.postgres.stop();
    const stoppedAt = Date.now();
    say('Postgres stopped; the API is asked every 500 ms; the price moves 5 s into the outage');
    const answers: TimedResponse[] = [];
    let write: TimedResponse | undefined;
    let moved = false;
    while (Date.now() - stoppedAt < OUTAGE_MS) {
      answers.push(await timedRequest(`${api}/api/portfolio`, { token }));
      if (!moved && Date.now() - stoppedAt > 5_000) {
        moved = true;
        ledger.cross(batch);
        write = await timedRequest(`${api}/api/alerts`, {
          method: 'POST',
          token,
          body: {
            coinId: 'bitcoin',
            type: 'WatchlistPrice',
            thresholdType: 'Above',
            thresholdValue: 1_000_000,
            notificationMethod: 'Email',
          },
        });
      }
      await sleep(500);
    }
    await topology.postgres.start();
    const back = Date.now();
    say('Postgres started again');
    let apiRecoveryMs: number | undefined;
    while (Date.now() - back < 30_000) {
      const answer = await timedRequest(`${api}/api/portfolio`, { token });
      if (answer.status === 200) {
        apiRecoveryMs = Date.now() - back;
        break;
      }
      await sleep(100);
    }
    const recoveryMs = await clients.allReceiveAfter(back, 30_000);
    const slowest = Math.max(...answers.map((a) => a.ms), write?.ms ?? 0);
    const statuses = [...new Set([...answers, ...(write ? [write] : [])].map((a) => `${a.status}`))];
    return {
      recoveryMs,
      batches: [{ batch, delayFrom: back }],
      figures: {
        'API answers during outage': `${answers.length}x ${statuses.join('/')}`,
        'slowest answer': seconds(slowest),
        'POST /api/alerts during outage': write ? `${write.status} in ${seconds(write.ms)}` : 'not sent',
        'API serving again after': apiRecoveryMs === undefined ? 'not within 30 s' : seconds(apiRecoveryMs),
      },
      checks: [
        {
          what: "every API answer during the outage was 503 'temporarily unavailable'",
          ok: [...answers, ...(write ? [write] : [])].every(
            (a) => a.status === 503 && a.code === 'TEMPORARILY_UNAVAILABLE',
          ),
          detail: statuses.join(', '),
        },
        within('slowest API answer during the outage', slowest, ANSWER_GOAL_MS),
        within('API serving again after Postgres returned', apiRecoveryMs, RECOVERY_GOAL_MS),
      ],
    };
  },
};
