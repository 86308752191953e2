/**
 * Baseline: nothing breaks; every alert brings one message on every channel (e-mail, SMS, push,
 * Telegram, Discord, Slack, webhook), and each channel's delivery latency from the tick is measured.
 */
import type { Scenario } from '../scenario.ts';

export const baseline: Scenario = {
  name: 'baseline',
  title: 'baseline, nothing broken',
  async run({ ledger }) {
    const batch = await ledger.arm('baseline', 20, { channels: true });
    ledger.cross(batch);
    return { batches: [{ batch, measureLatency: true }] };
  },
};
