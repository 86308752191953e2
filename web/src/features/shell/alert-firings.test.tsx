/**
 * A live alert firing reaches whichever signed-in page is open: the shell shows its toast and counts it on
 * the Alerts link until the Alerts page is shown. Driven through a real Socket.IO server.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlertTriggeredPayload } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Server, type Socket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLivePrices, stopLivePrices } from '../../lib/socket.ts';
import { useAuth } from '../auth/auth-store.ts';
import { useFired } from '../alerts/fired-store.ts';
import { DashboardLayout } from './DashboardLayout.tsx';

let http: HttpServer;
let io: Server;
let browser: Socket | null;

const firing = (price: number): AlertTriggeredPayload => ({
  alertId: `a-${price}`,
  coinSymbol: 'BTC',
  coingeckoId: 'bitcoin',
  thresholdType: 'Above',
  thresholdValue: 100_000,
  currency: 'usd',
  price,
  firedAt: Date.now(),
  outcome: 'queued',
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 8_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} not seen`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

function renderShell(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<DashboardLayout />}>
          <Route path="*" element={<p>page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const alertsLinks = () => screen.getAllByRole('link', { name: /^Alerts/, hidden: true });

beforeEach(async () => {
  useAuth.setState({
    status: 'signedIn',
    mode: 'local',
    user: { id: 'u1', clerkId: 'local_1', email: 'ada@example.test', firstName: 'Ada' },
    error: null,
  });
  localStorage.clear();
  useFired.setState({ lastFired: null, unseen: 0 });
  browser = null;
  http = createServer();
  io = new Server(http, { cors: { origin: '*' } });
  io.on('connection', (socket) => {
    browser = socket;
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  startLivePrices({
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    fallbackAfterMs: 60_000,
  });
  await until(() => browser !== null, 'the connection');
});
afterEach(async () => {
  cleanup();
  stopLivePrices();
  await io.close();
});

describe('alert firings in the signed-in shell', () => {
  it('shows the toast on the portfolio page and counts firings on the Alerts link until it is visited', async () => {
    renderShell('/portfolio');
    browser!.emit('alert:triggered', firing(101_000));
    await until(() => screen.queryByText('BTC alert fired at $101,000.00') !== null, 'the toast');
    expect(
      screen.getByText('BTC alert fired at $101,000.00').closest('[role="status"]')!.textContent,
    ).toContain('Sending your e-mail / SMS now.');
    expect(alertsLinks().map((l) => l.getAttribute('aria-label'))).toEqual([
      'Alerts, 1 new',
      'Alerts, 1 new',
    ]);

    browser!.emit('alert:triggered', firing(102_000));
    await until(() => screen.queryByText('BTC alert fired at $102,000.00') !== null, 'the second toast');
    expect(screen.getAllByRole('link', { name: 'Alerts, 2 new', hidden: true })).toHaveLength(2);

    // The Alerts page shows them: the count goes, and a firing heard there is not counted.
    fireEvent.click(alertsLinks()[0]!);
    await until(
      () => screen.queryAllByRole('link', { name: 'Alerts', hidden: true }).length === 2,
      'no count',
    );
    browser!.emit('alert:triggered', firing(103_000));
    await until(() => screen.queryByText('BTC alert fired at $103,000.00') !== null, 'the third toast');
    expect(screen.getAllByRole('link', { name: 'Alerts', hidden: true })).toHaveLength(2);
  });

  it('keeps the count through a reload until the Alerts page is seen', async () => {
    renderShell('/portfolio');
    browser!.emit('alert:triggered', firing(101_000));
    await until(
      () => screen.queryAllByRole('link', { name: 'Alerts, 1 new', hidden: true }).length === 2,
      'the count',
    );
    cleanup();

    // A new page load: nothing in memory, the count from storage.
    useFired.setState({ lastFired: null, unseen: 0 });
    renderShell('/wallets');
    expect(screen.getAllByRole('link', { name: 'Alerts, 1 new', hidden: true })).toHaveLength(2);
    cleanup();

    renderShell('/alerts');
    expect(screen.getAllByRole('link', { name: 'Alerts', hidden: true })).toHaveLength(2);
    cleanup();
    useFired.setState({ lastFired: null, unseen: 0 });
    renderShell('/portfolio');
    expect(screen.getAllByRole('link', { name: 'Alerts', hidden: true })).toHaveLength(2);
  });
});
