/**
 * Test support for the reference test: the requests behind the answers of the portfolio routes. Not used by
 * production code.
 */
import { randomUUID } from 'node:crypto';
import { MAX_HOLDINGS_PER_USER } from '@coinpace/domain';
import { KRAKEN_SAMPLE } from '../../testing/route-table.ts';
import { bitcoin } from './reference-apps.ts';
import { type Scenario, untilLimited, holdingOf, aSale, holdingWithSale, signedIn } from './reference-kit.ts';

export const PORTFOLIO_SCENARIOS: Record<string, Scenario> = {
  'GET /api/portfolio 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('GET', '/api/portfolio', { token });
  },
  'GET /api/portfolio/export.csv 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('GET', '/api/portfolio/export.csv', { token });
  },
  'GET /api/portfolio/transactions.csv 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('GET', '/api/portfolio/transactions.csv', { token });
  },
  'POST /api/portfolio/balances 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('POST', '/api/portfolio/balances', {
      token,
      body: {
        balances: [
          { symbol: 'btc', quantity: '2' },
          { symbol: 'DOGE', quantity: '5' },
        ],
      },
    });
  },
  'GET /api/portfolio/summary 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('GET', '/api/portfolio/summary?method=fifo', { token });
  },
  'GET /api/portfolio/summary 400': async ({ main }) =>
    main.call('GET', '/api/portfolio/summary?method=lofo', { token: await signedIn(main) }),
  'GET /api/reports/gains 200': async ({ main }) => {
    const { token } = await holdingWithSale(main);
    return main.call('GET', `/api/reports/gains?year=${new Date().getUTCFullYear()}`, { token });
  },
  'GET /api/reports/gains 400': async ({ main }) =>
    main.call('GET', '/api/reports/gains?year=1999', { token: await signedIn(main) }),
  'GET /api/portfolio/history 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('GET', '/api/portfolio/history?range=30d', { token });
  },
  'GET /api/portfolio/history 400': async ({ main }) =>
    main.call('GET', '/api/portfolio/history?range=5y', { token: await signedIn(main) }),
  'GET /api/portfolio/performance 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('GET', '/api/portfolio/performance?range=1W&benchmark=bitcoin', { token });
  },
  'GET /api/portfolio/performance 400': async ({ main }) =>
    main.call('GET', '/api/portfolio/performance?range=5Y', { token: await signedIn(main) }),
  'POST /api/portfolio 201': async ({ main }) =>
    main.call('POST', '/api/portfolio', { token: await signedIn(main), body: bitcoin }),
  'POST /api/portfolio 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('POST', '/api/portfolio', { token, body: bitcoin });
  },
  'POST /api/portfolio 409': async ({ main }) => {
    const token = await signedIn(main);
    const portfolioItems = Array.from({ length: MAX_HOLDINGS_PER_USER }, (_, i) => ({
      name: `Full ${i}`,
      symbol: `F${i}`,
      quantity: '1',
      purchasePrice: '1',
    }));
    await main.call('POST', '/api/portfolio/bulk', { token, body: { portfolioItems } });
    return main.call('POST', '/api/portfolio', { token, body: bitcoin });
  },
  'GET /api/portfolio/{id}/price-history 200': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('GET', `/api/portfolio/${holding.id}/price-history?range=30d`, { token });
  },
  'GET /api/portfolio/{id}/price-history 400': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('GET', `/api/portfolio/${holding.id}/price-history?range=5y`, { token });
  },
  'GET /api/portfolio/{id}/price-history 404': async ({ main }) =>
    main.call('GET', `/api/portfolio/${randomUUID()}/price-history`, { token: await signedIn(main) }),
  'GET /api/portfolio/{id}/transactions 200': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('GET', `/api/portfolio/${holding.id}/transactions?method=fifo`, { token });
  },
  'GET /api/portfolio/{id}/transactions 400': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('GET', `/api/portfolio/${holding.id}/transactions?method=lofo`, { token });
  },
  'GET /api/portfolio/{id}/transactions 404': async ({ main }) =>
    main.call('GET', `/api/portfolio/${randomUUID()}/transactions`, { token: await signedIn(main) }),
  'POST /api/portfolio/{id}/transactions 201': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('POST', `/api/portfolio/${holding.id}/transactions`, { token, body: aSale('0.25') });
  },
  'POST /api/portfolio/{id}/transactions 404': async ({ main }) =>
    main.call('POST', `/api/portfolio/${randomUUID()}/transactions`, {
      token: await signedIn(main),
      body: aSale('0.25'),
    }),
  'POST /api/portfolio/{id}/transactions 409': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('POST', `/api/portfolio/${holding.id}/transactions`, { token, body: aSale('1000') });
  },
  'PATCH /api/portfolio/{id}/transactions/{transactionId} 200': async ({ main }) => {
    const { token, holding, sale } = await holdingWithSale(main);
    return main.call('PATCH', `/api/portfolio/${holding.id}/transactions/${sale}`, {
      token,
      body: { fee: '2' },
    });
  },
  'PATCH /api/portfolio/{id}/transactions/{transactionId} 404': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('PATCH', `/api/portfolio/${holding.id}/transactions/${randomUUID()}`, {
      token,
      body: { fee: '2' },
    });
  },
  'PATCH /api/portfolio/{id}/transactions/{transactionId} 409': async ({ main }) => {
    const { token, holding, sale } = await holdingWithSale(main);
    return main.call('PATCH', `/api/portfolio/${holding.id}/transactions/${sale}`, {
      token,
      body: { quantity: '1000' },
    });
  },
  'DELETE /api/portfolio/{id}/transactions/{transactionId} 200': async ({ main }) => {
    const { token, holding, sale } = await holdingWithSale(main);
    return main.call('DELETE', `/api/portfolio/${holding.id}/transactions/${sale}`, { token });
  },
  'DELETE /api/portfolio/{id}/transactions/{transactionId} 404': async ({ main }) =>
    main.call('DELETE', `/api/portfolio/${randomUUID()}/transactions/${randomUUID()}`, {
      token: await signedIn(main),
    }),
  'DELETE /api/portfolio/{id}/transactions/{transactionId} 409': async ({ main }) => {
    const { token, holding } = await holdingWithSale(main);
    const { body } = await main.call('GET', `/api/portfolio/${holding.id}/transactions`, { token });
    const opening = (body as { transactions: { id: string }[] }).transactions[0]!.id;
    return main.call('DELETE', `/api/portfolio/${holding.id}/transactions/${opening}`, { token });
  },
  'POST /api/portfolio/bulk 200': async ({ main }) =>
    main.call('POST', '/api/portfolio/bulk', {
      token: await signedIn(main),
      body: { portfolioItems: [bitcoin, { ...bitcoin, symbol: '' }] },
    }),
  'POST /api/portfolio/bulk 429': async ({ tight }) => {
    const token = await signedIn(tight);
    return untilLimited(() =>
      tight.call('POST', '/api/portfolio/bulk', { token, body: { portfolioItems: [bitcoin] } }),
    );
  },
  'POST /api/portfolio/balances 429': async ({ tight }) => {
    const token = await signedIn(tight);
    const balances = [{ symbol: 'BTC', quantity: '2' }];
    return untilLimited(() => tight.call('POST', '/api/portfolio/balances', { token, body: { balances } }));
  },
  'POST /api/portfolio/import-trades 200': async ({ main }) =>
    main.call('POST', '/api/portfolio/import-trades', {
      token: await signedIn(main),
      body: { text: KRAKEN_SAMPLE },
    }),
  'POST /api/portfolio/import-trades 202': async ({ tight }) =>
    tight.call('POST', '/api/portfolio/import-trades', {
      token: await signedIn(tight),
      body: { text: KRAKEN_SAMPLE },
    }),
  'GET /api/portfolio/imports/{id} 200': async ({ main }) => {
    const token = await signedIn(main);
    const imported = await main.call('POST', '/api/portfolio/import-trades', {
      token,
      body: { text: KRAKEN_SAMPLE },
    });
    return main.call('GET', `/api/portfolio/imports/${(imported.body as { jobId: string }).jobId}`, {
      token,
    });
  },
  'GET /api/portfolio/imports/{id} 404': async ({ main }) =>
    main.call('GET', `/api/portfolio/imports/${randomUUID()}`, { token: await signedIn(main) }),
  'POST /api/portfolio/import-trades 503': async ({ upstream }) =>
    upstream.call('POST', '/api/portfolio/import-trades', {
      token: await signedIn(upstream),
      body: { text: KRAKEN_SAMPLE },
    }),
  'POST /api/portfolio/import-trades 429': async ({ tight }) => {
    const token = await signedIn(tight);
    return untilLimited(() =>
      tight.call('POST', '/api/portfolio/import-trades', { token, body: { text: KRAKEN_SAMPLE } }),
    );
  },
  'POST /api/portfolio/{id}/report 202': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('POST', `/api/portfolio/${holding.id}/report`, { token, body: { note: 'Wrong price' } });
  },
  'POST /api/portfolio/{id}/report 404': async ({ main }) =>
    main.call('POST', `/api/portfolio/${randomUUID()}/report`, { token: await signedIn(main), body: {} }),
  'POST /api/portfolio/{id}/report 429': async ({ tight }) => {
    const token = await signedIn(tight);
    const holding = await holdingOf(tight, token);
    return untilLimited(() => tight.call('POST', `/api/portfolio/${holding.id}/report`, { token, body: {} }));
  },
  'PUT /api/portfolio/{id} 200': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('PUT', `/api/portfolio/${holding.id}`, { token, body: { purchasePrice: '31000' } });
  },
  'PUT /api/portfolio/{id} 404': async ({ main }) =>
    main.call('PUT', `/api/portfolio/${randomUUID()}`, {
      token: await signedIn(main),
      body: { purchasePrice: 1 },
    }),
  'DELETE /api/portfolio/{id} 204': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('DELETE', `/api/portfolio/${holding.id}`, { token });
  },
  'DELETE /api/portfolio/{id} 404': async ({ main }) =>
    main.call('DELETE', `/api/portfolio/${randomUUID()}`, { token: await signedIn(main) }),
};
