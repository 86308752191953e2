/**
 * Test support for the reference test: the requests behind the answers of the public price, search, beta
 * and contact routes. Not used by production code.
 */
import { randomUUID } from 'node:crypto';
import { saveLatestPrices } from '@coinpace/db';
import { type Scenario, ADDRESS, email, untilLimited, openStream, signedIn } from './reference-kit.ts';

export const PUBLIC_SCENARIOS: Record<string, Scenario> = {
  'GET /api/prices 200': ({ main }) => main.call('GET', '/api/prices?ids=bitcoin,ethereum'),
  'GET /api/prices 304': async ({ main }) => {
    // A fresh stored price is served from the encoded-once body, which carries the entity tag.
    const quote = { usd: 3, usd_24h_change: 0.5, last_updated: 1_700_000_000 };
    await saveLatestPrices(main.database.db, { 'reference-etag': quote }, 'coingecko', new Date());
    const first = await main.call('GET', '/api/prices?ids=reference-etag');
    const etag = first.headers.get('etag');
    if (!etag) throw new Error(`GET /api/prices answered ${first.status} without an ETag`);
    // fetch marks a conditional request no-cache unless told otherwise, and no-cache skips the check.
    return main.call('GET', '/api/prices?ids=reference-etag', {
      headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
  },
  'GET /api/prices/rates 200': ({ main }) => main.call('GET', '/api/prices/rates'),
  'GET /api/prices/rates 429': ({ tight }) => untilLimited(() => tight.call('GET', '/api/prices/rates')),
  'GET /api/prices 400': ({ main }) => main.call('GET', '/api/prices'),
  'GET /api/prices 429': ({ tight }) => untilLimited(() => tight.call('GET', '/api/prices?ids=bitcoin')),
  'GET /api/prices/by-address 200': ({ upstream }) =>
    upstream.call('GET', `/api/prices/by-address?addresses=${ADDRESS}`),
  'GET /api/prices/by-address 400': ({ main }) => main.call('GET', '/api/prices/by-address?addresses=0x12'),
  'GET /api/prices/by-address 429': ({ tight }) =>
    untilLimited(() => tight.call('GET', `/api/prices/by-address?addresses=${ADDRESS}`)),
  'GET /api/prices/stream 200': ({ main }) => openStream(main, '?ids=bitcoin'),
  'GET /api/prices/stream 400': ({ main }) => openStream(main, '?ids=Not%20An%20Id!'),
  'GET /api/prices/stream 429': ({ tight }) => untilLimited(() => openStream(tight, '')),
  'POST /api/prices/track 201': async ({ main }) =>
    main.call('POST', '/api/prices/track', {
      token: await signedIn(main),
      body: { coingeckoId: 'uniswap', name: 'Uniswap', symbol: 'uni', address: ADDRESS },
    }),
  'POST /api/prices/track 429': async ({ tight }) => {
    const token = await signedIn(tight);
    const body = { coingeckoId: 'uniswap', name: 'Uniswap', symbol: 'uni', address: ADDRESS };
    return untilLimited(() => tight.call('POST', '/api/prices/track', { token, body }));
  },
  'GET /api/prices/tracked 200': async ({ main }) =>
    main.call('GET', '/api/prices/tracked', { token: await signedIn(main) }),
  'POST /api/prices/update 200': async ({ main }) =>
    main.call('POST', '/api/prices/update', { token: await signedIn(main), body: { ids: ['bitcoin'] } }),
  'POST /api/prices/update 429': async ({ tight }) => {
    const token = await signedIn(tight);
    return untilLimited(() => tight.call('POST', '/api/prices/update', { token, body: {} }));
  },
  'GET /api/search 200': ({ upstream }) => upstream.call('GET', '/api/search?query=bit'),
  'GET /api/search 400': ({ main }) => main.call('GET', `/api/search?query=${'x'.repeat(101)}`),
  'GET /api/search 429': ({ tight }) => untilLimited(() => tight.call('GET', '/api/search?query=eth')),
  'GET /api/coingecko/{path} 200': ({ upstream }) =>
    upstream.call(
      'GET',
      '/api/coingecko/simple/price?ids=bitcoin&vs_currencies=usd&include_24hr_change=true',
    ),
  'GET /api/coingecko/{path} 400': ({ upstream }) =>
    upstream.call('GET', `/api/coingecko/simple/token_price/Not%20a%20chain?contract_addresses=${ADDRESS}`),
  'GET /api/coingecko/{path} 404': ({ upstream }) => upstream.call('GET', '/api/coingecko/coins/list'),
  'GET /api/coingecko/{path} 429': ({ tight }) =>
    untilLimited(() => tight.call('GET', '/api/coingecko/simple/price?ids=bitcoin&vs_currencies=usd')),
  'GET /api/coingecko/{path} 503': ({ upstream, coingecko }) => {
    coingecko.fail('search', 500);
    return upstream.call('GET', `/api/coingecko/search?query=${randomUUID()}`);
  },

  'GET /api/beta-signup/count 200': ({ main }) => main.call('GET', '/api/beta-signup/count'),
  'POST /api/beta-signup 201': ({ main }) =>
    main.call('POST', '/api/beta-signup', {
      body: { email: email('beta'), tradingKnowledge: 'beginner', wallet: 'metamask' },
    }),
  'POST /api/beta-signup 409': async ({ main }) => {
    const body = { email: email('beta'), tradingKnowledge: 'expert', wallet: 'ledger' };
    await main.call('POST', '/api/beta-signup', { body });
    return main.call('POST', '/api/beta-signup', { body });
  },
  'POST /api/beta-signup 429': ({ tight }) =>
    untilLimited(() =>
      tight.call('POST', '/api/beta-signup', {
        body: { email: email('beta'), tradingKnowledge: 'advanced', wallet: 'other' },
      }),
    ),
  'POST /api/contact 201': ({ main }) =>
    main.call('POST', '/api/contact', { body: { name: 'Ada', email: email('contact'), message: 'Hello' } }),
  'POST /api/contact 429': ({ tight }) =>
    untilLimited(() =>
      tight.call('POST', '/api/contact', {
        body: { name: 'Ada', email: email('contact'), message: 'Hello' },
      }),
    ),
};
