/**
 * The account's data export through the real API and database: one ZIP with the profile, settings,
 * holdings, transactions, alerts, alert history, alert destinations, exchange accounts, wallets and invoices
 * of the signed-in user, and of no one else; no password hash, token, verification code or exchange API key
 * in any file.
 */
import {
  alertDestinations,
  alertEvents,
  contactVerifications,
  insertAlertDestination,
  insertExchangeAccount,
  localCredentials,
} from '@coinpace/db';
import { createTestSubscription, testEngines } from '@coinpace/db/testing';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { giveEverything } from '../../testing/route-table.ts';
import { sentVerificationCode } from '../../testing/verification-code.ts';

const FILES = [
  'README.txt',
  'manifest.json',
  'profile.json',
  'settings.json',
  'holdings.csv',
  'transactions.csv',
  'alerts.json',
  'alert-history.json',
  'alert-destinations.json',
  'exchange-accounts.json',
  'wallets.json',
  'invoices.json',
];

/** GETs the export and unpacks it: file name -> text. */
async function download(api: TestApi, token: string) {
  const response = await fetch(`${api.url}/api/users/me/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const files = Object.fromEntries(
    Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]),
  );
  return { response, files };
}

describe.each(testEngines(process.env.DATABASE_URL))('account data export on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  it('is one ZIP of every part of the account, and nobody else’s', async () => {
    const email = `export-${Date.now()}@example.test`;
    const { token, user } = await api.signUp(email);
    const owned = await giveEverything(api, token, email, { exchangeAccount: false });
    const settings = await api.call('PATCH', '/api/users/me', {
      token,
      body: { displayCurrency: 'eur', costMethod: 'fifo' },
    });
    expect(settings.status).toBe(200);
    const buy = await api.call('POST', `/api/portfolio/${owned.holdingId}/transactions`, {
      token,
      body: { type: 'buy', at: '2025-01-02T03:04:05Z', quantity: '0.25', pricePerCoin: '20000', fee: '1' },
    });
    expect(buy.status).toBe(201);
    await api.database.db.insert(alertEvents).values({
      alertId: owned.alertId,
      userId: user.id,
      idempotencyKey: `${owned.alertId}:tick-export`,
      tickId: 'tick-export',
      price: '1000001',
      triggerPrice: '1000000',
      currency: 'usd',
      channels: ['email'],
      outcome: 'skipped_allowance',
      firedAt: new Date('2025-02-01T00:00:00Z'),
      scope: 'coin',
      coinSymbol: 'BTC',
      thresholdType: 'Above',
      thresholdValue: '1000000',
    });
    // A browser's push subscription: its endpoint and keys are the browser's secrets.
    await insertAlertDestination(api.database.db, {
      userId: user.id,
      kind: 'push',
      label: 'Firefox on Linux',
      target: 'https://push.example.test/wpush/v2/endpoint-capability-1234',
      secret: 'sealed-push-keys-5678',
      keyId: 'k1',
      confirmedAt: new Date('2025-03-01T00:00:00Z'),
    });
    // An exchange account as a connect stores it (no sync, so no holding changes): its key sealed.
    const exchangeAccount = await insertExchangeAccount(api.database.db, {
      id: crypto.randomUUID(),
      userId: user.id,
      exchange: 'kraken',
      label: 'Kraken main',
      credentials: 'sealed-exchange-key-9012',
      keyId: 'k1',
    });
    // Someone else's data must stay out of it.
    const other = await api.signUp();
    await api.call('POST', '/api/portfolio', {
      token: other.token,
      body: { coingeckoId: 'solana', name: 'Solana', symbol: 'SOL', quantity: '7', purchasePrice: '99' },
    });

    const { response, files } = await download(api, token);
    expect(response.headers.get('content-type')).toMatch(/^application\/zip/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="coinpace-account-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(files).sort()).toEqual([...FILES].sort());

    const manifest = JSON.parse(files['manifest.json']!);
    expect(manifest).toMatchObject({ format: 'coinpace-account-export', version: 3, userId: user.id });
    expect(manifest.files.map((f: { name: string }) => f.name)).toEqual(FILES.slice(2));
    for (const name of FILES.slice(2)) expect(files['README.txt']).toContain(`${name}: `);

    expect(JSON.parse(files['profile.json']!)).toMatchObject({
      id: user.id,
      signIn: 'local',
      email,
      firstName: 'Ada',
      phone: '+15551234567',
      plan: { name: 'Coinpace', status: 'active', cancelAtPeriodEnd: false },
    });
    expect(JSON.parse(files['settings.json']!)).toEqual({
      displayCurrency: 'eur',
      costMethod: 'fifo',
      contact: { email, emailConfirmedAt: expect.any(String), phone: '+15551234567', phoneConfirmedAt: null },
      notifications: { email: true, sms: false },
    });
    // 0.5 entered, 0.02 imported (giveEverything's import batch) and the 0.25 bought above.
    expect(files['holdings.csv']!.split('\r\n')[1]).toMatch(/^Bitcoin,BTC,0\.77,/);
    const transactions = files['transactions.csv']!.split('\r\n').filter(Boolean);
    expect(transactions).toHaveLength(4);
    expect(
      transactions.some((line) => line === '2025-01-02T03:04:05.000Z,Buy,Bitcoin,BTC,0.25,20000,1,,,usd'),
    ).toBe(true);
    const alerts = JSON.parse(files['alerts.json']!);
    expect(alerts).toEqual([
      expect.objectContaining({
        id: owned.alertId,
        type: 'WatchlistPrice',
        coin: { coingeckoId: 'bitcoin', symbol: 'BTC', name: 'Bitcoin' },
        thresholdType: 'Above',
        notificationMethod: 'Both',
        status: 'Active',
      }),
    ]);
    expect(JSON.parse(files['alert-history.json']!)).toEqual([
      expect.objectContaining({
        alertId: owned.alertId,
        coinSymbol: 'BTC',
        outcome: 'skipped_allowance',
        firedAt: '2025-02-01T00:00:00.000Z',
      }),
    ]);
    expect(alerts[0].channels).toEqual([]);
    expect(JSON.parse(files['alert-destinations.json']!)).toEqual([
      {
        id: owned.alertDestinationId,
        kind: 'webhook',
        label: expect.any(String),
        target: 'https://hooks.example.test/coinpace',
        confirmed: false,
        confirmedAt: null,
        createdAt: expect.any(String),
      },
      expect.objectContaining({ kind: 'push', label: 'Firefox on Linux', target: null, confirmed: true }),
    ]);
    expect(JSON.parse(files['exchange-accounts.json']!)).toEqual([
      {
        id: exchangeAccount.id,
        exchange: 'kraken',
        label: 'Kraken main',
        status: 'active',
        lastSyncAt: null,
        lastError: null,
        failingSince: null,
        unmappedAssets: [],
        balances: [],
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.parse(files['wallets.json']!)).toEqual([
      expect.objectContaining({
        id: owned.walletId,
        label: 'Demo wallet',
        address: expect.any(String),
        status: 'active',
        balances: [],
      }),
    ]);
    const [sealed] = await api.database.db
      .select()
      .from(alertDestinations)
      .where(eq(alertDestinations.id, owned.alertDestinationId));
    const invoices = JSON.parse(files['invoices.json']!);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ plan: 'Coinpace', amount: 5.99, status: 'paid' });

    const everything = Object.values(files).join('\n');
    expect(owned.alertDestinationSecret).toMatch(/^whsec_/);
    for (const secret of [
      owned.alertDestinationSecret,
      sealed!.secret!,
      'sealed-push-keys-5678',
      'endpoint-capability-1234',
      'sealed-exchange-key-9012',
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain('SOL');
    expect(everything).not.toContain(other.user.id);
  });

  it('holds no password hash, session token or verification code', async () => {
    const email = `secrets-${Date.now()}@example.test`;
    const { token, user } = await api.signUp(email);
    // SMS codes go only to a mobile number of a served country, for an account whose plan has SMS.
    await createTestSubscription(api.database.db, user.id, { planId: 'basic' });
    await api.call('PATCH', '/api/users/me', { token, body: { phone: '+12025550123' } });
    const sent = await api.call('POST', '/api/users/me/verification', { token, body: { channel: 'sms' } });
    expect(sent.status).toBe(202);
    const code = await sentVerificationCode(api.database.db, user.id, 'sms');
    const [credential] = await api.database.db
      .select()
      .from(localCredentials)
      .where(eq(localCredentials.userId, user.id));
    const [pending] = await api.database.db
      .select()
      .from(contactVerifications)
      .where(eq(contactVerifications.userId, user.id));

    const { files } = await download(api, token);
    const everything = Object.values(files).join('\n');
    expect(everything).toContain('+12025550123');
    const hash = credential!.passwordHash;
    for (const secret of [
      hash,
      hash.split('$').at(-1)!,
      token,
      token.split('.')[2]!,
      code,
      pending!.secretHash,
    ]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(everything).not.toContain(secret);
    }
  });

  it('needs a session, and is limited to 10 downloads an hour', async () => {
    expect((await api.call('GET', '/api/users/me/export')).status).toBe(401);
    const { token } = await api.signUp();
    for (let i = 0; i < 10; i++) {
      expect((await api.call('GET', '/api/users/me/export', { token })).status).toBe(200);
    }
    const limited = await api.call('GET', '/api/users/me/export', { token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
