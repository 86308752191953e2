import {
  ZNewTransaction,
  deriveHolding,
  type CostMethod,
  type HoldingTransaction,
  type TransactionRow,
} from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi, type FakeCall } from '../../../testing/fake-api.ts';
import { holding } from '../../../testing/holdings.ts';
import { useCurrency } from '../../currency/currency-store.ts';
import { setHoldings, usePortfolio } from '../portfolio-store.ts';
import { HoldingsTable } from '../table/HoldingsTable.tsx';
import { resetPortfolioFeature } from '../testing.ts';
import { HoldingDetail } from './HoldingDetail.tsx';
import { checkTransaction, newDraft, toLocalInput } from './transaction-form.ts';

const HOUR = 3_600_000;

/**
 * A stand-in for the transactions routes that keeps a history and derives it with the domain's own
 * deriveHolding, as the API does, refusing an impossible history with 409 IMPOSSIBLE_HISTORY.
 */
function fakeHistory(api: FakeApi, holdingId: string, start: HoldingTransaction[]) {
  let history = [...start];
  let next = 100;
  const base = `/api/portfolio/${holdingId}`;
  const rows = (): TransactionRow[] =>
    history.map((t) => ({
      id: t.id,
      holdingId,
      type: t.kind,
      at: t.at,
      quantity: t.quantity,
      pricePerCoin: t.pricePerCoin,
      fee: t.fee,
      currency: t.currency ?? 'usd',
      note: t.note,
      createdAt: t.at,
    }));
  const answer = (method: CostMethod) => {
    const derived = deriveHolding(history, method);
    if (!derived.ok) throw new Error('fake history became impossible');
    return { holdingId, transactions: rows(), derived: derived.holding };
  };
  const attempt = (changed: HoldingTransaction[], status: number) => {
    const derived = deriveHolding(changed, 'average');
    if (!derived.ok) {
      return { status: 409, body: { error: derived.problem.message, code: 'IMPOSSIBLE_HISTORY' } };
    }
    history = changed;
    return { status, body: answer('average') };
  };
  const method = (call: FakeCall) => (call.query.get('method') ?? 'average') as CostMethod;
  api
    .on('GET', `${base}/transactions`, (call) => ({ body: answer(method(call)) }))
    .on('POST', `${base}/transactions`, (call) => {
      const parsed = ZNewTransaction.safeParse(call.body);
      if (!parsed.success) return { status: 400, body: { error: parsed.error.issues[0]!.message } };
      const t = parsed.data;
      const id = `tx-${next++}`;
      return attempt(
        [
          ...history,
          {
            id,
            kind: t.type,
            at: t.at,
            quantity: t.quantity,
            pricePerCoin: t.pricePerCoin,
            fee: t.fee,
            note: t.note,
            currency: t.currency,
          },
        ],
        201,
      );
    })
    .on('GET', `${base}/price-history`, () => {
      const to = Date.now();
      const from = to - 7 * 24 * HOUR;
      return {
        body: {
          range: '7d',
          from,
          to,
          stepMs: HOUR,
          holdings: 1,
          points: [0, 1, 2, 3].map((i) => ({ t: from + i * 40 * HOUR, value: 100 + i * 10, priced: 1 })),
        },
      };
    })
    .on('GET', '/api/portfolio', () => {
      const derived = deriveHolding(history, 'average');
      const h = derived.ok ? derived.holding : null;
      return {
        body: [
          {
            ...row,
            quantity: h?.quantity ?? row.quantity,
            purchasePrice: h?.averageCost ?? row.purchasePrice,
          },
        ],
      };
    });
  return {
    history: () => history,
    routeDelete: (id: string) =>
      api.on('DELETE', `${base}/transactions/${id}`, () =>
        attempt(
          history.filter((t) => t.id !== id),
          200,
        ),
      ),
  };
}

const row = holding({ quantity: '2', purchasePrice: '100', currentPrice: 150, symbol: 'BTC' });
const longAgo = new Date(Date.now() - 3 * 24 * HOUR).toISOString();
const opening: HoldingTransaction = {
  id: 'tx-1',
  kind: 'buy',
  at: longAgo,
  quantity: '2',
  pricePerCoin: '100',
  fee: '0',
  note: 'opening',
};

function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling!.textContent ?? '';
}

async function openFromMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'Actions for BTC' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Transactions' }));
  return screen.findByText('opening');
}

function fillForm(fields: { type?: string; quantity: string; price: string; fee?: string }, unit = 'USD') {
  if (fields.type) fireEvent.change(screen.getByLabelText('Type'), { target: { value: fields.type } });
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: fields.quantity } });
  fireEvent.change(screen.getByLabelText(`Price per coin (${unit})`), { target: { value: fields.price } });
  if (fields.fee !== undefined) {
    fireEvent.change(screen.getByLabelText(`Fee (${unit}, optional)`), { target: { value: fields.fee } });
  }
}

describe('HoldingDetail', () => {
  let api: FakeApi;
  let server: ReturnType<typeof fakeHistory>;
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi();
    server = fakeHistory(api, row.id, [opening]);
    setHoldings([row]);
    render(
      <MemoryRouter>
        <HoldingsTable />
        <HoldingDetail />
      </MemoryRouter>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens from the row menu with the history, the figures and the price chart', async () => {
    await openFromMenu();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'BTC · Bitcoin' })).toBeTruthy();
    expect(figure('Quantity')).toBe('2.000000');
    expect(figure('Average cost')).toBe('$100.00');
    expect(figure('Total invested')).toBe('$200.00');
    // Valued at the row's price of 150: 300 - 200.
    expect(figure('Unrealised gain/loss')).toBe('$100.00');
    expect(figure('Realised gain/loss')).toBe('$0.00');
    const cells = within(dialog).getByText('opening').closest('tr')!;
    expect(within(cells).getByText('Buy')).toBeTruthy();
    // The chart's code loads apart from the dialog's; the wait is a hang guard only.
    await waitFor(() => expect(screen.getByText('1 buys and 0 sells marked.')).toBeTruthy(), {
      timeout: 10_000,
    });
    expect(api.callsTo('GET', `/api/portfolio/${row.id}/transactions`)[0]!.query.get('method')).toBe(
      'average',
    );
  });

  it('opens from the coin symbol too', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'BTC transactions and details' }));
    expect(await screen.findByText('opening')).toBeTruthy();
  });

  it('records a sale, shows its realised gain and refreshes the holding row', async () => {
    await openFromMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Add transaction' }));
    fillForm({ type: 'sell', quantity: '0.5', price: '1,000', fee: '10' });
    fireEvent.click(screen.getByRole('button', { name: 'Add transaction' }));

    // 0.5 x 1,000 - 10 fee - 0.5 x 100 cost = 440.
    await waitFor(() => expect(figure('Realised gain/loss')).toBe('$440.00'));
    const sale = screen.getByText('Sell', { selector: 'td' }).closest('tr')!;
    expect(within(sale).getByText('$440.00')).toBeTruthy();
    const posted = api.callsTo('POST', `/api/portfolio/${row.id}/transactions`)[0]!;
    expect(posted.body).toMatchObject({ type: 'sell', quantity: '0.5', pricePerCoin: '1000', fee: '10' });
    await waitFor(() => expect(usePortfolio.getState().byId[row.id]!.quantity).toBe('1.5'));
    expect(figure('Quantity')).toBe('1.500000');
  });

  it('records income by its value that day: the quantity grows, the money invested does not', async () => {
    await openFromMenu();
    const invested = figure('Total invested');
    fireEvent.click(screen.getByRole('button', { name: 'Add transaction' }));
    const type = screen.getByLabelText('Type');
    expect(within(type).getByRole('option', { name: 'Income (staking, interest, airdrop)' })).toBeTruthy();
    fireEvent.change(type, { target: { value: 'income' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '0.25' } });
    fireEvent.change(screen.getByLabelText('Value per coin that day (USD)'), { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add transaction' }));
    await waitFor(() => expect(server.history()).toHaveLength(2));
    expect(server.history()[1]).toMatchObject({ kind: 'income', quantity: '0.25', pricePerCoin: '400' });
    expect(screen.getByText('Income', { selector: 'td' })).toBeTruthy();
    await waitFor(() => expect(figure('Quantity')).toBe('2.250000'));
    expect(figure('Total invested')).toBe(invested);
  });

  it('takes price and fee in the display currency, names it on each field and records it', async () => {
    await openFromMenu();
    try {
      act(() => useCurrency.setState({ currency: 'eur', rates: { usd: 1, eur: 0.92 } }));
      fireEvent.click(screen.getByRole('button', { name: 'Add transaction' }));
      expect(screen.getByLabelText('Price per coin (EUR)')).toBeTruthy();
      expect(screen.getByLabelText('Fee (EUR, optional)')).toBeTruthy();
      fillForm({ quantity: '1', price: '92', fee: '2' }, 'EUR');
      fireEvent.click(screen.getByRole('button', { name: 'Add transaction' }));
      await waitFor(() => expect(server.history()).toHaveLength(2));
      // What is recorded is the euros typed, with their currency; the row shows them as euros.
      expect(server.history()[1]).toMatchObject({ pricePerCoin: '92', fee: '2', currency: 'eur' });
      const buys = screen.getAllByText('Buy', { selector: 'td' }).map((cell) => cell.closest('tr')!);
      expect(buys.some((tr) => within(tr).queryByText('€92.00') !== null)).toBe(true);
    } finally {
      useCurrency.setState({ currency: 'usd', rates: { usd: 1 } });
    }
  });

  it('shows the 409 message when a sale takes out more than was held, and keeps the form', async () => {
    await openFromMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Add transaction' }));
    fillForm({ type: 'sell', quantity: '5', price: '120' });
    fireEvent.click(screen.getByRole('button', { name: 'Add transaction' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/held/i);
    expect(screen.getByLabelText('Quantity')).toBeTruthy();
    expect(server.history()).toHaveLength(1);
  });

  it('refuses an unreadable number in the browser without asking the server', async () => {
    await openFromMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Add transaction' }));
    fillForm({ quantity: '1e5', price: '100' });
    fireEvent.click(screen.getByRole('button', { name: 'Add transaction' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Quantity');
    expect(api.callsTo('POST', `/api/portfolio/${row.id}/transactions`)).toHaveLength(0);
  });

  it('switches to FIFO, which asks for method=fifo and prices each sale by its oldest coins', async () => {
    server = fakeHistory(api, row.id, [
      opening,
      {
        ...opening,
        id: 'tx-2',
        at: new Date(Date.now() - 2 * 24 * HOUR).toISOString(),
        pricePerCoin: '200',
        note: null,
      },
      {
        ...opening,
        id: 'tx-3',
        kind: 'sell',
        at: new Date(Date.now() - 24 * HOUR).toISOString(),
        quantity: '1',
        pricePerCoin: '300',
        note: null,
      },
    ]);
    await openFromMenu();
    // Average cost 150: the sale gained 150.
    await waitFor(() => expect(figure('Realised gain/loss')).toBe('$150.00'));
    fireEvent.click(screen.getByRole('button', { name: 'FIFO' }));
    // The oldest coin cost 100: the sale gained 200.
    await waitFor(() => expect(figure('Realised gain/loss')).toBe('$200.00'));
    expect(screen.getByRole('button', { name: 'FIFO' }).getAttribute('aria-pressed')).toBe('true');
    const calls = api.callsTo('GET', `/api/portfolio/${row.id}/transactions`);
    expect(calls.at(-1)!.query.get('method')).toBe('fifo');
    const sale = screen.getByText('Sell', { selector: 'td' }).closest('tr')!;
    expect(within(sale).getByText('$200.00')).toBeTruthy();
  });

  it('deletes a transaction after confirmation and shows the empty state', async () => {
    server.routeDelete('tx-1');
    await openFromMenu();
    fireEvent.click(screen.getByRole('button', { name: /^Delete Buy of/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete transaction' });
    expect(api.callsTo('DELETE', `/api/portfolio/${row.id}/transactions/tx-1`)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    });
    expect(await screen.findByText(/No transactions yet/)).toBeTruthy();
    expect(api.callsTo('DELETE', `/api/portfolio/${row.id}/transactions/tx-1`)).toHaveLength(1);
    await waitFor(() => expect(usePortfolio.getState().byId[row.id]!.quantity).toBe('0'));
  });

  it('lists the imports that touched the holding, each with Undo', async () => {
    api.on('GET', '/api/portfolio/import-batches', (call) => ({
      body: {
        imports:
          call.query.get('holdingId') === row.id
            ? [
                {
                  id: '0b6c1f4e-2b8a-4c1d-9e6f-0a1b2c3d4e5f',
                  exchange: 'kraken',
                  fileName: 'kraken-2024.csv',
                  createdAt: '2026-12-06T10:00:00.000Z',
                  read: 3,
                  added: 3,
                  transactions: 3,
                  replaced: 0,
                  holdings: [{ id: row.id, symbol: 'BTC' }],
                },
              ]
            : [],
      },
    }));
    await openFromMenu();
    const imports = await screen.findByRole('region', { name: 'Imports' });
    expect(within(imports).getByRole('listitem').textContent).toContain('Kraken · kraken-2024.csv');
    expect(within(imports).getByRole('button', { name: 'Undo' })).toBeTruthy();
  });
});

describe('checkTransaction', () => {
  it('keeps the exact instant while the date field still shows its minute, and reads the typed one otherwise', () => {
    const opened = Date.parse('2026-01-01T10:00:30.500Z');
    const draft = { ...newDraft(0, opened, 'en-US'), quantity: '1', pricePerCoin: '1,5' };
    const check = checkTransaction(draft, 'en-US');
    expect(check).toMatchObject({
      ok: true,
      payload: { at: '2026-01-01T10:00:30.500Z', pricePerCoin: '1.5' },
    });
    const typed = checkTransaction({ ...draft, at: toLocalInput(opened - 3_600_000) }, 'en-US');
    expect(typed.ok && Date.parse(typed.payload.at)).toBe(Date.parse('2026-01-01T09:00:00.000Z'));
  });
});
