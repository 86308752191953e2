import { describe, expect, it } from 'vitest';
import {
  EMPTY_MIRROR,
  ENDED_IDS_KEPT,
  NO_SUBSCRIPTION,
  applyProviderWord,
  hasActivePlan,
  startCheckout,
  type ProviderWord,
  type SubscriptionMirror,
  type SubscriptionSnapshot,
} from './subscription-state.ts';

const t = (iso: string) => new Date(iso);
const PERIOD_START = t('2026-03-01T00:00:00Z');
const PERIOD_END = t('2026-04-01T00:00:00Z');
const EMPTY: SubscriptionMirror = EMPTY_MIRROR;

function snapshot(over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  return {
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    planId: 'basic',
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodStart: PERIOD_START,
    currentPeriodEnd: PERIOD_END,
    itemId: 'si_1',
    ...over,
  };
}

const word = (ticket: number, over: Partial<SubscriptionSnapshot> = {}): ProviderWord => ({
  subscriptionId: over.subscriptionId ?? 'sub_1',
  snapshot: snapshot(over),
  ticket,
});
const gone = (ticket: number, subscriptionId = 'sub_1'): ProviderWord => ({
  subscriptionId,
  snapshot: null,
  ticket,
});
const reduce = (words: ProviderWord[], from: SubscriptionMirror = EMPTY) =>
  words.reduce(applyProviderWord, from);

describe('startCheckout', () => {
  it('None -> pending, without a plan; a live subscription stays as it is', () => {
    const pending = startCheckout(NO_SUBSCRIPTION);
    expect(pending).toMatchObject({ status: 'pending', planId: null });
    expect(hasActivePlan(pending)).toBe(false);
    const live = reduce([word(1)]).state;
    expect(startCheckout(live)).toBe(live);
  });
});

describe('applyProviderWord: the provider word is the truth, ordered by ticket', () => {
  it('None -> a live read-back -> Active on the plan, with its period', () => {
    const m = reduce([word(1, { planId: 'pro' })]);
    expect(m).toEqual({
      subscriptionId: 'sub_1',
      ticket: 1,
      endedIds: [],
      state: {
        planId: 'pro',
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodStart: PERIOD_START,
        currentPeriodEnd: PERIOD_END,
      },
    });
    expect(hasActivePlan(m.state)).toBe(true);
  });

  it('an older read applied after a newer one changes nothing', () => {
    const newer = reduce([word(5, { cancelAtPeriodEnd: true })]);
    expect(applyProviderWord(newer, word(4, { cancelAtPeriodEnd: false }))).toBe(newer);
  });

  it('an end of the current subscription always applies, whatever its ticket (it is final)', () => {
    const m = reduce([word(10), word(3, { status: 'canceled' })]);
    expect(m.state).toMatchObject({ planId: null, status: 'canceled', currentPeriodEnd: PERIOD_END });
    expect(m.ticket).toBe(10);
    expect(reduce([gone(2)], reduce([word(10)])).state.status).toBe('canceled');
  });

  it('an ended subscription never lives again', () => {
    const ended = reduce([word(1), gone(2)]);
    expect(applyProviderWord(ended, word(9))).toBe(ended);
  });

  it("an old subscription's end changes nothing once the user subscribed again", () => {
    const again = reduce([word(1), gone(2), word(3, { subscriptionId: 'sub_2', planId: 'enterprise' })]);
    expect(again).toMatchObject({
      subscriptionId: 'sub_2',
      state: { planId: 'enterprise', status: 'active' },
    });
    expect(applyProviderWord(again, gone(9, 'sub_1'))).toBe(again);
    expect(applyProviderWord(again, word(8, { status: 'canceled' }))).toBe(again);
  });

  it('a live subscription other than the live one we mirror changes nothing; after ours ended it replaces it', () => {
    const live = reduce([word(1)]);
    expect(applyProviderWord(live, word(2, { subscriptionId: 'sub_2' }))).toBe(live);
    const replaced = reduce([gone(3), word(4, { subscriptionId: 'sub_2' })], live);
    expect(replaced).toMatchObject({ subscriptionId: 'sub_2', state: { status: 'active' } });
  });

  it('a read of the next subscription counts even when the old end was handled after it was drawn', () => {
    const m = reduce([word(1), word(5, { subscriptionId: 'sub_2' })], reduce([gone(4)], reduce([word(1)])));
    expect(m.subscriptionId).toBe('sub_2');
    // The deletion webhook of sub_1 came late: its ticket (6) is newer than sub_2's read (5), but an end
    // says nothing about sub_2, which the user has paid for.
    const late = applyProviderWord(reduce([word(1), gone(6)]), word(5, { subscriptionId: 'sub_2' }));
    expect(late).toMatchObject({ subscriptionId: 'sub_2', state: { status: 'active' } });
  });

  it('an end of another subscription while ours is not live is taken, so a stale read cannot bring it back', () => {
    const ended = reduce([word(1), gone(2), gone(3, 'sub_2')]);
    expect(ended).toMatchObject({ subscriptionId: 'sub_2', state: { status: 'canceled' } });
    expect(applyProviderWord(ended, word(4, { subscriptionId: 'sub_2' }))).toBe(ended);
  });

  it("a stale read of an ended subscription cannot bring it back after an older one's late end", () => {
    // Found by the order walk (seed 242879205): sub_1 ended, the user subscribed again (sub_2), sub_2 was
    // read live (ticket 2), then deleted; sub_2's deletion arrived first, sub_1's late end after it, and
    // sub_2's live read last.
    const pending = { ...EMPTY, state: startCheckout(NO_SUBSCRIPTION) };
    const m = reduce([gone(5, 'sub_2'), gone(1, 'sub_1'), word(2, { subscriptionId: 'sub_2' })], pending);
    expect(m.state).toMatchObject({ planId: null, status: 'canceled' });
    expect(m.endedIds).toEqual(['sub_2', 'sub_1']);
  });

  it('keeps the newest ended ids, and learning of an end moves no state while ours is live', () => {
    const live = reduce([word(1, { subscriptionId: 'sub_live' })]);
    const ends = Array.from({ length: ENDED_IDS_KEPT + 5 }, (_, i) => gone(10 + i, `sub_old_${i}`));
    const m = reduce(ends, live);
    expect(m.state).toBe(live.state);
    expect(m.endedIds).toHaveLength(ENDED_IDS_KEPT);
    expect(m.endedIds.at(-1)).toBe(`sub_old_${ENDED_IDS_KEPT + 4}`);
    expect(m.endedIds).not.toContain('sub_old_0');
  });

  it('an unknown price keeps the plan we knew of this subscription', () => {
    const m = reduce([word(1, { planId: 'pro' }), word(2, { planId: null })]);
    expect(m.state.planId).toBe('pro');
  });

  it('past_due keeps access; pending with an old ended subscription ignores its end', () => {
    expect(hasActivePlan(reduce([word(1, { status: 'past_due' })]).state)).toBe(true);
    const pending = { ...reduce([word(1), gone(2)]), state: startCheckout(reduce([word(1), gone(2)]).state) };
    expect(applyProviderWord(pending, gone(3))).toBe(pending);
    expect(applyProviderWord(pending, word(4, { subscriptionId: 'sub_2' })).state.status).toBe('active');
  });
});
