/** Reference scenarios of the import preview and import batches (see reference-scenarios.ts). */
import { randomUUID } from 'node:crypto';
import { KRAKEN_SAMPLE } from '../../testing/route-table.ts';
import { importTradesToEnd } from '../../testing/trade-imports.ts';
import { type Scenario, holdingOf, signedIn, untilLimited } from './reference-kit.ts';

export const IMPORT_SCENARIOS: Record<string, Scenario> = {
  'POST /api/portfolio/import-trades/preview 200': async ({ main }) => {
    const token = await signedIn(main);
    // A hand-entered holding of the coin: the preview names its opening balance as overlapping.
    await holdingOf(main, token);
    return main.call('POST', '/api/portfolio/import-trades/preview', {
      token,
      body: { text: KRAKEN_SAMPLE },
    });
  },
  'POST /api/portfolio/import-trades/preview 429': async ({ tight }) => {
    const token = await signedIn(tight);
    return untilLimited(() =>
      tight.call('POST', '/api/portfolio/import-trades/preview', { token, body: { text: KRAKEN_SAMPLE } }),
    );
  },
  'GET /api/portfolio/import-batches 200': async ({ main }) => {
    const token = await signedIn(main);
    await importTradesToEnd(main, token, KRAKEN_SAMPLE);
    return main.call('GET', '/api/portfolio/import-batches', { token });
  },
  'DELETE /api/portfolio/import-batches/{batchId} 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    const imported = await importTradesToEnd(main, token, { text: KRAKEN_SAMPLE, replaceOpening: true });
    return main.call('DELETE', `/api/portfolio/import-batches/${imported.body.batchId}`, { token });
  },
  'DELETE /api/portfolio/import-batches/{batchId} 404': async ({ main }) =>
    main.call('DELETE', `/api/portfolio/import-batches/${randomUUID()}`, { token: await signedIn(main) }),
  'DELETE /api/portfolio/import-batches/{batchId} 409': async ({ main }) => {
    const token = await signedIn(main);
    const imported = await importTradesToEnd(main, token, KRAKEN_SAMPLE);
    const [holding] = (await main.call('GET', '/api/portfolio', { token })).body as { id: string }[];
    // A sale of the imported coins, recorded after: without the import it could not have happened.
    await main.call('POST', `/api/portfolio/${holding!.id}/transactions`, {
      token,
      body: { type: 'sell', at: '2024-06-01T00:00:00Z', quantity: '0.02', pricePerCoin: '40000', fee: '0' },
    });
    return main.call('DELETE', `/api/portfolio/import-batches/${imported.body.batchId}`, { token });
  },
};
