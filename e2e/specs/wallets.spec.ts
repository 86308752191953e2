/**
 * Wallets tracked by public address, from the Wallets screen, against local nodes: an EVM address (six
 * anvil chains standing in for the EVM chains, the Ethereum one holding ETH and a known ERC-20), a Bitcoin
 * xpub (a local Esplora) and a Solana address (a local Solana JSON-RPC node). Their coins become holdings
 * located at the wallets (the holding detail's "Where it is" shows each wallet's quantity), and the EVM
 * wallet is proved the user's through an injected EIP-1193 provider whose personal_sign signs with a real
 * key (in Node), so it shows verified.
 */
import { EVM_CHAINS, EVM_CHAIN_INFO } from '@coinpace/adapters';
import {
  TEST_SIGNER_KEYS,
  peerSolanaAddress,
  seedEvmHolders,
  startAnvil,
  startEsploraPeer,
  startSolanaPeer,
  testSigner,
  testXpub,
  type Anvil,
  type EsploraPeer,
  type SolanaPeer,
} from '@coinpace/adapters/testing';
import { knownTokensOn } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '@coinpace/server/testing';
import type { Browser, Page } from 'playwright-core';
import { VIEWPORTS, launchBrowser } from '../src/browser.ts';
import { callApi, signUpInBrowser } from '../src/journeys.ts';

const signer = testSigner(TEST_SIGNER_KEYS[1]);
const xpub = testXpub('e2e-wallets');
const SOLANA = peerSolanaAddress('e2e-wallets');
const WALLETS = [
  { label: 'Hot EVM', address: signer.address },
  { label: 'Cold xpub', address: xpub.xpub },
  { label: 'Phantom SOL', address: SOLANA },
];

/** An EIP-1193 provider at window.ethereum on the signer's account; personal_sign is done in Node. */
function injectWallet(address: string): void {
  const provider = {
    request: async ({ method, params }: { method: string; params?: unknown[] }) => {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
      if (method === 'eth_chainId') return '0x1';
      if (method === 'personal_sign') {
        const [message, account] = (params ?? []) as [string, string];
        return (window as unknown as { testSign: (m: string, a: string) => Promise<string> }).testSign(
          message,
          account,
        );
      }
      throw Object.assign(new Error(`${method} is not supported`), { code: 4200 });
    },
    on: () => undefined,
    removeListener: () => undefined,
  };
  (window as unknown as { ethereum: unknown }).ethereum = provider;
}

/** The symbols of the portfolio table's rows, sorted. */
const rows = (page: Page) =>
  page
    .locator('tr[data-holding]')
    .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-holding')).sort());

describe('wallets tracked by address against local nodes', () => {
  const anvils: Anvil[] = [];
  let esplora: EsploraPeer | undefined;
  let solana: SolanaPeer | undefined;
  // On the Postgres the run is given (its own database), else PGlite.
  const env: Record<string, string> = {
    PRICE_SOURCE: 'simulated',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  };
  const suite = {} as { app: RunningApp; browser: Browser };
  // The local nodes first, then the built app (`npm run build`: it starts in seconds) pointed at them.
  beforeAll(async () => {
    for (const chain of EVM_CHAINS) {
      const anvil = await startAnvil({ chainId: EVM_CHAIN_INFO[chain].id });
      anvils.push(anvil);
      env[`EVM_RPC_URL_${chain.toUpperCase()}`] = anvil.url;
    }
    // 1.5 ETH and 250 of Ethereum's first known token (6 decimals) at the signer's address.
    await seedEvmHolders(
      anvils[0]!.url,
      EVM_CHAIN_INFO.ethereum.id,
      [{ address: signer.address, native: 1_500_000_000_000_000_000n, tokens: 250_000_000n }],
      knownTokensOn('ethereum')[0]!.address,
    );
    esplora = await startEsploraPeer();
    esplora.addTx({
      height: 100,
      inputs: [{ address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', value: 900_000 }],
      outputs: [{ address: xpub.address(0, 0), value: 500_000 }],
    });
    esplora.setTip(106);
    solana = await startSolanaPeer();
    solana.setBalance(SOLANA, 2_500_000_000);
    solana.addTransaction({
      slot: 500,
      accounts: [
        { pubkey: peerSolanaAddress('e2e-payer'), pre: 10_000_000_000, post: 7_499_995_000 },
        { pubkey: SOLANA, pre: 0, post: 2_500_000_000 },
      ],
    });
    env['ESPLORA_URL'] = esplora.url;
    env['SOLANA_RPC_URL'] = solana.url;
    [suite.app, suite.browser] = await Promise.all([
      startApp(env, { built: true, migrated: true }),
      launchBrowser(),
    ]);
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.stop();
    // Each anvil is stopped by its own process; the peers are servers of this process.
    for (const anvil of anvils) await anvil.stop();
    await esplora?.close();
    await solana?.close();
  });

  it('adds an EVM address, an xpub and a Solana address, shows their coins at the wallets, and proves the EVM one', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.exposeFunction('testSign', async (hex: string, account: string) => {
      if (account.toLowerCase() !== signer.address.toLowerCase()) throw new Error('not this account');
      return signer.signMessage(Buffer.from(hex.slice(2), 'hex').toString('utf8'));
    });
    await context.addInitScript(injectWallet, signer.address);
    const page = await context.newPage();
    await signUpInBrowser(page, suite.app, 'Satoshi');
    await page.getByRole('link', { name: 'Wallets' }).first().click();
    const section = page.getByRole('region', { name: 'Tracked addresses' });

    for (const wallet of WALLETS) {
      await section.getByLabel('Wallet name').fill(wallet.label);
      await section.getByLabel('Public address').fill(wallet.address);
      await section.getByRole('button', { name: 'Add wallet' }).click();
      await section.getByText(`${wallet.label} added. Its first refresh is running.`).waitFor();
    }
    for (const wallet of WALLETS) {
      const entry = section.getByRole('listitem', { name: new RegExp(`^${wallet.label}, `) });
      await entry
        .getByText(/^Refreshed /)
        .waitFor({ timeout: 60_000 })
        .catch(async (error: unknown) => {
          // What the server holds, beside what the page shows, to tell a slow refresh from a missed event.
          const held = JSON.stringify(await callApi(page, suite.app.url, 'GET', '/api/wallets'));
          throw new Error(`${wallet.label} not shown refreshed: ${String(error)}\nserver: ${held}`);
        });
      await expect(entry.getByRole('note').count()).resolves.toBe(0);
    }
    const evm = section.getByRole('listitem', { name: new RegExp(`^${WALLETS[0]!.label}, `) });
    await expect(evm.textContent()).resolves.toContain('Ethereum');

    // "Prove it is mine": the injected wallet signs the server's Sign-In-with-Ethereum message.
    await evm.getByRole('button', { name: `Prove ${WALLETS[0]!.label} is mine with Browser wallet` }).click();
    await section.getByText(`${WALLETS[0]!.label} is verified as yours.`).waitFor();
    await evm.getByText('Verified', { exact: true }).waitFor();

    // The portfolio: each wallet's coins as holdings, each located at its wallet with its quantity.
    await page.getByRole('link', { name: 'Portfolio' }).first().click();
    await expect.poll(() => rows(page), { timeout: 20_000 }).toEqual(['BTC', 'ETH', 'SOL', 'USDT']);
    const places: [string, string, string][] = [
      ['ETH', WALLETS[0]!.label, '1.5'],
      ['USDT', WALLETS[0]!.label, '250'],
      ['BTC', WALLETS[1]!.label, '0.005'],
      ['SOL', WALLETS[2]!.label, '2.5'],
    ];
    for (const [symbol, label, quantity] of places) {
      await page
        .locator(`tr[data-holding="${symbol}"]`)
        .getByRole('button', { name: `Actions for ${symbol}` })
        .click();
      await page.getByRole('menuitem', { name: 'Transactions' }).click();
      const detail = page.getByRole('dialog', { name: new RegExp(symbol) });
      const where = detail.getByRole('region', { name: 'Where it is' });
      const place = where.getByRole('listitem').filter({ hasText: label });
      await expect
        .poll(async () => Number(await place.locator('.num').textContent()), { timeout: 15_000 })
        .toBe(Number(quantity));
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
    }
    await context.close();
  });
});
