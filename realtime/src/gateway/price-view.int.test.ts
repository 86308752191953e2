/**
 * A gateway that started beside the poller's first tick: the tick was published before the node listened
 * to the bus, and the poller sends the ticker only when it changes. Seen in the cluster browser test (the
 * landing page's ticker stayed on "Loading crypto prices..." with prices that did not move).
 */
import { waitFor } from '@coinpace/adapters/testing';
import { saveLatestPrices } from '@coinpace/db';
import { createTestDatabase, type TestDatabase } from '@coinpace/db/testing';
import { BUS_TOPICS, type PriceQuote, type PriceTick, tickerFromPrices } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PriceView } from './price-view.ts';
import { gatewaySuite } from './testing/gateway-suite.ts';

const q = (usd: number, lastUpdated = 1_700_000_000): PriceQuote => ({
  usd,
  usd_24h_change: 1,
  last_updated: lastUpdated,
});

describe('PriceView.catchUp', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database?.close());

  it('takes stored prices it lacks or has older, keeps newer ones, and builds the ticker from some ticker coins', async () => {
    const view = await PriceView.load(database.db);
    expect(view.ticker).toBeNull();
    view.apply({ id: 't1', at: 1, prices: { ethereum: q(3100, 1_700_000_100) }, source: { status: 'live' } });

    await saveLatestPrices(
      database.db,
      { bitcoin: q(97000), ethereum: q(3000, 1_700_000_050), 'pv-other': q(2) },
      'coingecko',
      new Date(),
    );
    await view.catchUp(database.db);

    expect(view.prices.get('bitcoin')?.usd).toBe(97000);
    expect(view.prices.get('ethereum')?.usd).toBe(3100);
    expect(view.prices.get('pv-other')?.usd).toBe(2);
    expect(view.ticker).toEqual(tickerFromPrices({ bitcoin: q(97000), ethereum: q(3100, 1_700_000_100) }));
  });
});

describe('a gateway without a ticker yet', () => {
  const suite = gatewaySuite();

  it('sends the first ticker a tick brings to the sockets that connected without one', async () => {
    const { url } = await suite.start();
    const early = await suite.client(url);
    await early.subscribe(['bitcoin']);
    expect(early.of('ticker')).toEqual([]);

    const ticker = tickerFromPrices({ bitcoin: q(97000) });
    const tick: PriceTick = {
      id: 't2',
      at: Date.now(),
      prices: { bitcoin: q(97000) },
      source: { status: 'live' },
      ticker,
    };
    await suite.bus.publish(BUS_TOPICS.priceTick, tick);
    await waitFor(() => early.of('ticker').length === 1, { what: 'the first ticker' });
    expect(early.of('ticker')[0]).toEqual(ticker);
  });
});
