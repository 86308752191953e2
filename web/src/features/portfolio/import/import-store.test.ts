import {
  CSV_DROP_ONLY_MESSAGE,
  CSV_NO_ROWS_MESSAGE,
  MAX_BULK_ITEMS,
  PASTE_EMPTY_MESSAGE,
  PASTE_NO_TOKENS_MESSAGE,
  PORTFOLIO_TEXTS,
  type BillingInfo,
} from '@coinpace/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenGetter } from '../../../lib/api-client.ts';
import { installFakeApi, networkDown, type FakeApi } from '../../../testing/fake-api.ts';
import { holding } from '../../../testing/holdings.ts';
import { PENDING_BILLING, useBilling } from '../../billing/billing-store.ts';
import { usePricingModal } from '../../billing/pricing-modal-store.ts';
import { mergePrices } from '../../prices/prices-store.ts';
import { isLocalOnly, setHoldings, usePortfolio } from '../portfolio-store.ts';
import { RATE_LIMIT_LOCK_MS, usePriceRefresh } from '../price-refresh.ts';
import { resetPortfolioFeature } from '../testing.ts';
import {
  dismissProtectOffer,
  importRows,
  DUPLICATES_MESSAGE_MS,
  SUCCESS_MESSAGE_MS,
  importCsvFile,
  importPastedText,
  openImport,
  useImport,
} from './import-store.ts';

const ACTIVE: BillingInfo = {
  ...PENDING_BILLING,
  plan: 'Token Run',
  accountStatus: 'Active',
  planStatus: 'active',
};

/** A fake server that stores bulk items and refuses symbols already held (case-insensitive). */
function serveBulk(api: FakeApi) {
  const saved: {
    symbol: string;
    purchasePrice: string;
    quantity: string;
    coingeckoId: string | null;
    address: string | null;
  }[] = [];
  api.on('POST', '/api/portfolio/bulk', ({ body }) => {
    const items = (body as { portfolioItems: (typeof saved)[number][] }).portfolioItems;
    const errors: { item: { symbol: string; index: number }; error: string }[] = [];
    items.forEach((item, index) => {
      if (usePortfolio.getState().holdings.some((h) => h.symbol === item.symbol.toUpperCase())) {
        errors.push({ item: { symbol: item.symbol, index }, error: 'Already in your portfolio' });
      } else if (item.symbol === 'BAD') {
        errors.push({ item: { symbol: 'BAD', index }, error: 'Symbol is not allowed' });
      } else saved.push(item);
    });
    return { body: { successful: items.length - errors.length, failed: errors.length, errors, added: [] } };
  });
  api.on('GET', '/api/portfolio', () => ({
    body: [
      ...usePortfolio.getState().holdings,
      ...saved.map((s) =>
        holding({
          symbol: s.symbol,
          coingeckoId: s.coingeckoId,
          address: s.address,
          purchasePrice: s.purchasePrice,
        }),
      ),
    ],
  }));
  return saved;
}

describe('import pipeline', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi();
    api.on('GET', '/api/prices', { body: { ethereum: { usd: 3000, usd_24h_change: 1, last_updated: 1 } } });
    setHoldings([holding({ symbol: 'BTC' })]);
    openImport('paste');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('skips held symbols case-insensitively, prices the rest, saves in bulk and reports the summary', async () => {
    setHoldings([holding({ symbol: 'Btc' })]);
    const saved = serveBulk(api);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    await importPastedText(
      'Bitcoin, BTC, 1, 50000\nEthereum, ETH, 2, 5000\nBadcoin, BAD, 1, 1\nSolana, SOL, 4, 600',
    );
    expect(saved.map((s) => [s.symbol, s.purchasePrice])).toEqual([
      ['ETH', '2500'],
      ['SOL', '150'],
    ]);
    // Only coins the symbol table knows are priced.
    expect(api.callsTo('GET', '/api/prices')[0]!.query.get('ids')).toBe('ethereum,solana');
    const state = useImport.getState();
    expect(state.summary).toEqual({
      headline: 'Import finished: 2 added, 1 skipped, 1 failed (4 rows read).',
      details: ['BAD: Symbol is not allowed'],
      skipped: ['BTC: Already in your portfolio'],
    });
    expect(state.open).toBe(false);
    expect(state.importing).toBe(false);
    expect(usePortfolio.getState().holdings.map((h) => h.symbol)).toEqual(['Btc', 'ETH', 'SOL']);
    // What the import added, apart from all the portfolio tracks now (BTC was there before).
    expect(state.totals).toBe('2 coin(s) added by this import. You now track 3 coin(s) in all.');
  });

  it("clears the last import's summary and offers when a new attempt starts, so a refusal stands alone", async () => {
    setHoldings([holding({ symbol: 'BTC', quantity: '1' })]);
    serveBulk(api);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    await importPastedText('Bitcoin, BTC, 2, 100000\nEthereum, ETH, 2, 5000\nBadcoin, BAD, 1, 1');
    expect(useImport.getState()).toMatchObject({ summary: { details: ['BAD: Symbol is not allowed'] } });
    expect(useImport.getState().totals).not.toBeNull();
    expect(useImport.getState().heldOffer).not.toBeNull();

    openImport('paste');
    await importPastedText('   ');
    expect(useImport.getState()).toMatchObject({
      error: PASTE_EMPTY_MESSAGE,
      summary: null,
      totals: null,
      heldOffer: null,
      protectOffer: null,
      flash: null,
    });

    await importCsvFile(new File(['x'], 'notes.txt'));
    expect(useImport.getState()).toMatchObject({ error: CSV_DROP_ONLY_MESSAGE, summary: null });
  });

  it('uses the current price when a row has no value', async () => {
    const saved = serveBulk(api);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    await importCsvFile(new File(['symbol,quantity\nETH,2\nMYST,5\n'], 'no-values.csv'));
    // ETH at its current price; MYST has no known id, so 0 (it becomes the first price later).
    expect(saved).toMatchObject([
      { symbol: 'ETH', quantity: '2', purchasePrice: '3000' },
      { symbol: 'MYST', quantity: '5', purchasePrice: '0', coingeckoId: null },
    ]);
  });

  it('prices a row with an unknown contract address and no value by that address', async () => {
    const unknown = `0x${'5f'.repeat(20)}`;
    api.on('GET', '/api/prices/by-address', {
      body: { [unknown]: { usd: 0.04, usd_24h_change: -1, last_updated: 1 } },
    });
    const saved = serveBulk(api);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    await importCsvFile(
      new File(
        [
          `symbol,quantity,contract,value\nETH,2,,\nZZT,50,${unknown.toUpperCase().replace('0X', '0x')},\nZZV,10,${unknown},3\n`,
        ],
        'tokens.csv',
      ),
    );
    expect(saved).toMatchObject([
      { symbol: 'ETH', purchasePrice: '3000', coingeckoId: 'ethereum' },
      { symbol: 'ZZT', purchasePrice: '0.04', coingeckoId: null, address: unknown },
      { symbol: 'ZZV', purchasePrice: '0.3', coingeckoId: null, address: unknown },
    ]);
    expect(api.callsTo('GET', '/api/prices/by-address')[0]!.query.get('addresses')).toBe(unknown);
    expect(api.callsTo('GET', '/api/prices')[0]!.query.get('ids')).toBe('ethereum');
  });

  it('asks nothing by address when no row has an unknown contract address', async () => {
    serveBulk(api);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    await importCsvFile(new File(['symbol,quantity\nETH,2\nMYST,5\n'], 'no-values.csv'));
    expect(api.callsTo('GET', '/api/prices/by-address')).toHaveLength(0);
  });

  it('does not ask for prices during the 429 lock: cached prices price the rows', async () => {
    const saved = serveBulk(api);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    mergePrices({ ethereum: { usd: 2800, usd_24h_change: 0, last_updated: 1 } });
    usePriceRefresh.setState({ rateLimitedUntil: Date.now() + RATE_LIMIT_LOCK_MS });
    await importCsvFile(new File(['symbol,quantity\nETH,2\n'], 'no-values.csv'));
    expect(api.callsTo('GET', '/api/prices')).toHaveLength(0);
    expect(saved).toMatchObject([{ symbol: 'ETH', purchasePrice: '2800' }]);
  });

  it('opens the pricing modal after adding coins for a user with no active plan', async () => {
    serveBulk(api);
    useBilling.setState({ status: 'ready', info: PENDING_BILLING });
    await importPastedText('Ethereum, ETH, 2, 5000\nSolana, SOL, 4, 600');
    // BTC was held before: 2 added, 3 tracked, said apart.
    expect(usePricingModal.getState()).toEqual({ open: true, coinsAdded: 2, coinsTracked: 3 });
    expect(useImport.getState().flash).toBeNull();
    expect(useImport.getState().protectOffer).toBeNull();
  });

  it("offers 'Protect my portfolio' after a saved import for a user with a plan, until dismissed", async () => {
    serveBulk(api);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    await importPastedText('Ethereum, ETH, 2, 5000\nSolana, SOL, 4, 600');
    expect(useImport.getState().protectOffer).toBe(2);
    dismissProtectOffer();
    expect(useImport.getState().protectOffer).toBeNull();
  });

  it('loads billing first when it is not known yet', async () => {
    serveBulk(api);
    api.on('GET', '/api/billing/user', { body: ACTIVE });
    await importPastedText('Ethereum, ETH, 2, 5000');
    expect(api.callsTo('GET', '/api/billing/user')).toHaveLength(1);
    expect(usePricingModal.getState().open).toBe(false);
  });

  it('shows the success message for an active plan and clears it after 2 s', async () => {
    serveBulk(api);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await importPastedText('Ethereum, ETH, 2, 5000');
    expect(useImport.getState().flash).toEqual({
      kind: 'success',
      text: 'Successfully added 1 coin(s) to your portfolio! You now track 2 coin(s) in all.',
    });
    vi.advanceTimersByTime(SUCCESS_MESSAGE_MS - 1);
    expect(useImport.getState().flash).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(useImport.getState().flash).toBeNull();
  });

  it('lists all-duplicate rows, saves nothing, and clears the message and closes after 3 s', async () => {
    setHoldings([holding({ symbol: 'btc' })]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await importPastedText('Bitcoin, BTC, 1, 50000');
    expect(useImport.getState().flash).toEqual({
      kind: 'info',
      text: 'All coins are already in your portfolio: BTC',
    });
    expect(api.calls).toHaveLength(0);
    vi.advanceTimersByTime(DUPLICATES_MESSAGE_MS);
    expect(useImport.getState()).toMatchObject({ flash: null, open: false });
  });

  it('keeps the holdings locally when the save fails', async () => {
    api.on('POST', '/api/portfolio/bulk', networkDown);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    await importPastedText('Ethereum, ETH, 2, 5000');
    const symbols = usePortfolio.getState().holdings.map((h) => [h.symbol, h.id.startsWith('local-')]);
    expect(symbols).toEqual([
      ['BTC', false],
      ['ETH', true],
    ]);
    expect(usePortfolio.getState().notice).toBe(PORTFOLIO_TEXTS.savedLocallyOnly);
    expect(usePortfolio.getState().error).toBe(
      `Failed to process pasted data: ${PORTFOLIO_TEXTS.saveNetworkError}`,
    );
    expect(api.callsTo('GET', '/api/portfolio')).toHaveLength(0);
  });

  it('words a server failure and an auth failure per SPEC', async () => {
    api.on('POST', '/api/portfolio/bulk', { status: 500, body: { error: 'x' } });
    useBilling.setState({ status: 'ready', info: ACTIVE });
    const file = new File(['symbol,quantity\nETH,2\n'], 'export.csv', { type: 'text/csv' });
    await importCsvFile(file);
    expect(usePortfolio.getState().error).toBe(
      `Failed to save CSV data to database: ${PORTFOLIO_TEXTS.saveServerError}`,
    );
  });

  it.each([
    [429, PORTFOLIO_TEXTS.saveRateLimited],
    [401, PORTFOLIO_TEXTS.saveAuthError],
    [403, PORTFOLIO_TEXTS.saveAuthError],
    [400, PORTFOLIO_TEXTS.saveUnknownError],
  ])('words a save answered with %i per SPEC, keeping the rows locally', async (status, reason) => {
    api.on('POST', '/api/portfolio/bulk', { status, body: { error: 'x' } });
    useBilling.setState({ status: 'ready', info: ACTIVE });
    await importPastedText('Ethereum, ETH, 2, 5000');
    expect(usePortfolio.getState().error).toBe(`Failed to process pasted data: ${reason}`);
    expect(usePortfolio.getState().notice).toBe(PORTFOLIO_TEXTS.savedLocallyOnly);
  });

  it('keeps only the unsaved rest locally when a later bulk request of a large import fails', async () => {
    // GET /api/portfolio lists what the bulk requests saved; the second bulk request fails.
    const saved = serveBulk(api);
    let requests = 0;
    api.on('POST', '/api/portfolio/bulk', ({ body }) => {
      requests += 1;
      if (requests > 1) return { status: 500, body: { error: 'x' } };
      const items = (body as { portfolioItems: (typeof saved)[number][] }).portfolioItems;
      saved.push(...items);
      return { body: { successful: items.length, failed: 0, errors: [], added: [] } };
    });
    useBilling.setState({ status: 'ready', info: ACTIVE });
    const rows = Array.from({ length: MAX_BULK_ITEMS + 2 }, (_, i) => ({ symbol: `C${i}`, quantity: 1 }));
    const report = {
      read: rows.length,
      sourceRows: Object.fromEntries(rows.map((r) => [r.symbol, 1])),
      skipped: [],
      failed: [],
    };
    await importRows(rows, report, 'csv');

    expect(api.callsTo('POST', '/api/portfolio/bulk')).toHaveLength(2);
    const holdings = usePortfolio.getState().holdings;
    expect(holdings).toHaveLength(1 + MAX_BULK_ITEMS + 2);
    expect(new Set(holdings.map((h) => h.symbol)).size).toBe(holdings.length);
    expect(holdings.filter((h) => isLocalOnly(h.id)).map((h) => h.symbol)).toEqual([
      `C${MAX_BULK_ITEMS}`,
      `C${MAX_BULK_ITEMS + 1}`,
    ]);
    expect(usePortfolio.getState().notice).toBe(PORTFOLIO_TEXTS.savedLocallyOnly);
    expect(usePortfolio.getState().error).toBe(
      `Failed to save CSV data to database: ${PORTFOLIO_TEXTS.saveServerError}`,
    );
  });

  it('refuses to start without a session token, touching nothing', async () => {
    setTokenGetter(async () => null);
    await importPastedText('Ethereum, ETH, 2, 5000');
    expect(useImport.getState().error).toBe(PORTFOLIO_TEXTS.notAuthenticatedImport);
    expect(useImport.getState().importing).toBe(false);
    expect(api.calls).toHaveLength(0);
    expect(usePortfolio.getState().holdings.map((h) => h.symbol)).toEqual(['BTC']);
  });

  it('keeps the rows locally and says so when the token goes missing during the save', async () => {
    let asked = 0;
    // The start check and the price request get a token, the bulk save does not.
    setTokenGetter(async () => (++asked <= 2 ? 'test-token' : null));
    useBilling.setState({ status: 'ready', info: ACTIVE });
    await importPastedText('Ethereum, ETH, 2, 5000');
    expect(api.callsTo('POST', '/api/portfolio/bulk')).toHaveLength(0);
    expect(usePortfolio.getState().error).toBe(PORTFOLIO_TEXTS.tokenUnavailable);
    expect(usePortfolio.getState().notice).toBe(PORTFOLIO_TEXTS.savedLocallyOnly);
    expect(usePortfolio.getState().holdings.map((h) => h.symbol)).toEqual(['BTC', 'ETH']);
  });

  it("shows 'Error reading CSV file: {msg}' when the file cannot be read", async () => {
    const file = new File(['symbol,quantity\nETH,2\n'], 'export.csv');
    file.text = () => Promise.reject(new Error('The file was moved'));
    await importCsvFile(file);
    expect(useImport.getState().error).toBe('Error reading CSV file: The file was moved');
    expect(api.calls).toHaveLength(0);
  });

  it('marks the import as running while it saves, so the modal stays open', async () => {
    let release: () => void = () => {};
    serveBulk(api);
    let first = true;
    api.on('GET', '/api/prices', () => {
      if (!first) return { body: {} };
      first = false;
      return new Promise((resolve) => (release = () => resolve({ body: {} })));
    });
    useBilling.setState({ status: 'ready', info: ACTIVE });
    const running = importPastedText('Ethereum, ETH, 2, 5000');
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/prices')).toHaveLength(1));
    expect(useImport.getState().importing).toBe(true);
    expect(useImport.getState().open).toBe(true);
    release();
    await running;
    expect(useImport.getState().importing).toBe(false);
  });

  it.each([
    ['empty text', '   ', PASTE_EMPTY_MESSAGE],
    ['text without tokens', 'hello world', PASTE_NO_TOKENS_MESSAGE],
  ])('refuses %s', async (_label, text, message) => {
    await importPastedText(text);
    expect(useImport.getState().error).toBe(message);
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a file that is not .csv, and a CSV without usable rows with the reasons', async () => {
    await importCsvFile(new File(['x'], 'holdings.xlsx'));
    expect(useImport.getState().error).toBe(CSV_DROP_ONLY_MESSAGE);
    await importCsvFile(new File(['symbol,quantity\nBTC,-1\nETH,0\n'], 'holdings.CSV'));
    expect(useImport.getState().error).toBe(
      `${CSV_NO_ROWS_MESSAGE} Row 2: quantity must be above 0 Row 3, ETH: nothing held (quantity 0)`,
    );
    expect(api.calls).toHaveLength(0);
  });

  it('counts CSV lines the parser could not read as failed, with row and symbol', async () => {
    serveBulk(api);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    await importCsvFile(new File(['Symbol,Quantity,Value\nETH,2,"$5,000"\nDOGE,-1,5\n'], 'a.csv'));
    const summary = useImport.getState().summary!;
    expect(summary.headline).toBe('Import finished: 1 added, 0 skipped, 1 failed (2 rows read).');
    expect(summary.details).toEqual(['Row 3, DOGE: quantity must be above 0']);
  });

  it('accounts for every row of a Binance paste: added, skipped or failed, adding up to the rows', async () => {
    const saved = serveBulk(api);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    await importPastedText(
      [
        'Coin\tTotal\tAvailable\tIn Order\tBTC Value',
        'BTC\nBitcoin\t1.0\t1.0\t0\t1.0',
        'ETH\nEthereum\t2.0\t2.0\t0\t0.07',
        'Launchpool reward\t3.0\t3.0\t0\t0.001',
        'SOL\nSolana\t0.0\t0.0\t0\t0',
      ].join('\n'),
    );
    expect(saved.map((s) => s.symbol)).toEqual(['ETH']);
    expect(useImport.getState().summary).toEqual({
      headline: 'Import finished: 1 added, 2 skipped, 1 failed (4 rows read).',
      details: ['no coin symbol in "Launchpool reward 3.0 3.0 0 0.001"'],
      skipped: ['BTC: Already in your portfolio', 'SOL: nothing held (quantity 0)'],
    });
  });

  it("keeps a MetaMask paste's coin names and uses its dollar values for the purchase price", async () => {
    const saved = serveBulk(api);
    useBilling.setState({ status: 'ready', info: ACTIVE });
    await importPastedText('Ethereum 2 ETH $5,000.00\nUSD Coin 1,500 USDC 1,500.00 USD');
    expect(saved).toMatchObject([
      { symbol: 'ETH', name: 'Ethereum', quantity: '2', purchasePrice: '2500' },
      { symbol: 'USDC', name: 'USD Coin', quantity: '1500', purchasePrice: '1' },
    ]);
  });
});
