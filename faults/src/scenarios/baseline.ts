/** Baseline: nothing breaks; every alert brings one e-mail and one SMS. */
import type { Scenario } from '../scenario.ts';

export const baseline: Scenario = {
  name: 'baseline',
  title: 'baseline, nothing broken',
  async run({ ledger }) {
    const batch = await ledger.arm('baseline', 5);
    ledger.cross(batch);
    return { batches: [{ batch }] };
  },
};
