import type { AlertDestinationView } from '@coinpace/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setTokenGetter } from '../../lib/api-client.ts';
import { TelegramRow } from './TelegramRow.tsx';

/** The server as the row sees it: whether a bot is configured, and the user's Telegram destination. */
let configured: boolean;
let destination: AlertDestinationView | undefined;
/** List reads left before the server has seen /start <code> (the worker's poll). */
let readsUntilLinked: number;
const calls: string[] = [];

const view = (over: Partial<AlertDestinationView>): AlertDestinationView => ({
  id: '6f1c2a4e-0000-4000-8000-000000000001',
  kind: 'telegram',
  label: 'Telegram',
  target: null,
  confirmed: false,
  confirmedAt: null,
  createdAt: '2026-12-07T08:00:00.000Z',
  unlinked: false,
  ...over,
});

beforeEach(() => {
  calls.length = 0;
  configured = true;
  destination = undefined;
  readsUntilLinked = 2;
  setTokenGetter(async () => 'token-1');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url === '/api/telegram') return json({ configured, botName: configured ? 'CoinpaceBot' : null });
    if (url === '/api/alert-destinations' && method === 'POST') {
      destination = view({});
      return json(
        { destination, secret: null, link: 'https://t.me/CoinpaceBot?start=abcdefghijklmnopqrstuvwx' },
        201,
      );
    }
    if (url === '/api/alert-destinations') {
      if (destination && !destination.confirmed && (readsUntilLinked -= 1) < 0) {
        destination = view({ confirmed: true, confirmedAt: '2026-12-07T08:01:00.000Z' });
      }
      return json(destination ? [destination] : []);
    }
    return json({ error: 'not found' }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The row inside a parent that keeps the list, as the alert channels section does. */
function Harness() {
  const [list, setList] = useState<AlertDestinationView[]>(destination ? [destination] : []);
  const reload = useCallback(
    async () => setList(await api<AlertDestinationView[]>('/api/alert-destinations')),
    [],
  );
  return (
    <TelegramRow
      destination={list.find((d) => d.kind === 'telegram')}
      busy={false}
      reload={reload}
      onDelete={() => {}}
      pollMs={5}
    />
  );
}

describe('the Telegram row of the alert channels section', () => {
  it('says Telegram is not configured on a server without a bot token', async () => {
    configured = false;
    render(<Harness />);
    await screen.findByText('Telegram is not configured on this server.');
    expect(screen.queryByRole('button', { name: 'Link Telegram' })).toBeNull();
  });

  it('shows the t.me link as a button and waits, asking again, until the chat is linked', async () => {
    render(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Link Telegram' }));
    const open = await screen.findByRole('link', { name: 'Open Telegram to link' });
    expect(open.getAttribute('href')).toBe('https://t.me/CoinpaceBot?start=abcdefghijklmnopqrstuvwx');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('status').textContent).toContain('Waiting for you to press Start');
    await screen.findByText(/Telegram: linked/);
    expect(screen.queryByRole('link', { name: 'Open Telegram to link' })).toBeNull();
    const reads = calls.filter((c) => c === 'GET /api/alert-destinations').length;
    expect(reads).toBeGreaterThanOrEqual(3);
    expect(calls.filter((c) => c === 'POST /api/alert-destinations')).toHaveLength(1);
  });

  it('says a chat that blocked the bot is unlinked, and offers to link it again', async () => {
    destination = view({ unlinked: true });
    render(<Harness />);
    await screen.findByText(/Telegram: unlinked/);
    fireEvent.click(screen.getByRole('button', { name: 'Link Telegram again' }));
    await screen.findByRole('link', { name: 'Open Telegram to link' });
  });
});
