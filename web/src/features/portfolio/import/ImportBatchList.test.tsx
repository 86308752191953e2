import type { ImportBatch } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { ImportBatchList } from './ImportBatchList.tsx';

const BATCH: ImportBatch = {
  id: '0b6c1f4e-2b8a-4c1d-9e6f-0a1b2c3d4e5f',
  exchange: 'kraken',
  fileName: 'kraken-2024.csv',
  createdAt: '2026-12-06T10:00:00.000Z',
  read: 3,
  added: 3,
  transactions: 3,
  replaced: 1,
  holdings: [
    { id: 'h1', symbol: 'BTC' },
    { id: 'h2', symbol: 'ETH' },
  ],
};
const PATH = `/api/portfolio/import-batches/${BATCH.id}`;

describe('the list of trade imports', () => {
  let api: FakeApi;
  let imports: ImportBatch[];
  beforeEach(() => {
    resetPortfolioFeature();
    imports = [BATCH];
    api = installFakeApi()
      .on('GET', '/api/prices', { body: {} })
      .on('GET', '/api/portfolio', { body: [] })
      .on('GET', '/api/portfolio/import-batches', () => ({ body: { imports } }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('undoes an import only once confirmed, and says what came back', async () => {
    api.on('DELETE', PATH, () => {
      imports = [];
      return { body: { removed: 3, restored: 1, deletedHoldings: ['ETH'] } };
    });
    render(<ImportBatchList />);
    expect(screen.getByRole('status').textContent).toContain('Loading imports...');
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toContain('Kraken · kraken-2024.csv');
    expect(item.textContent).toContain('3 added (BTC, ETH), 1 opening balance(s) replaced');

    await act(async () => fireEvent.click(within(item).getByRole('button', { name: 'Undo' })));
    const confirm = screen.getByRole('alertdialog', { name: 'Undo this import?' });
    expect(confirm.textContent).toContain(
      'This removes the 3 transactions this import added (BTC, ETH). The opening balance it replaced will be restored.',
    );
    // Focus goes to the confirmation's button, so Enter or Space confirms from the keyboard.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Undo import' }));
    await act(async () => fireEvent.keyDown(confirm, { key: 'Escape' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('DELETE', PATH)).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Undo' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Undo import' })));
    expect(api.callsTo('DELETE', PATH)).toHaveLength(1);
    expect((await screen.findByText(/^Import undone/)).textContent).toBe(
      'Import undone: 3 transaction(s) removed, 1 opening balance(s) restored.',
    );
    expect(await screen.findByText('No imports yet.')).toBeTruthy();
  });

  it('shows why an undo was refused, keeping the import', async () => {
    api.on('DELETE', PATH, {
      status: 409,
      body: { error: 'This import cannot be undone: a later sale relies on it.', code: 'CONFLICT' },
    });
    render(<ImportBatchList />);
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await act(async () => fireEvent.click(undo));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Undo import' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This import cannot be undone: a later sale relies on it.');
    expect(screen.getByRole('listitem')).toBeTruthy();
  });

  it('asks for a holding’s imports only, and shows nothing when there are none', async () => {
    imports = [];
    const { container } = render(<ImportBatchList holdingId="h1" hideWhenEmpty />);
    await act(async () => {});
    expect(api.callsTo('GET', '/api/portfolio/import-batches')[0]!.query.get('holdingId')).toBe('h1');
    expect(container.textContent).toBe('');
  });

  it('says when the list cannot be loaded, and loads it again on request', async () => {
    api.on('GET', '/api/portfolio/import-batches', { status: 500, body: { error: 'Server error.' } });
    render(<ImportBatchList />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your imports');
    api.on('GET', '/api/portfolio/import-batches', { body: { imports: [] } });
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('No imports yet.')).toBeTruthy();
  });
});
