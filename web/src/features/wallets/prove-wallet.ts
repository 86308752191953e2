/**
 * "Prove it is mine": the browser wallet signs the Sign-In-with-Ethereum message the server issued for a
 * tracked EVM wallet, and the server marks it verified. The wallet must be on the tracked address.
 */
import type { WalletSignInChallenge, WalletView } from '@coinpace/domain';
import { api } from '../../lib/api-client.ts';
import { WalletRequestError, signMessage, walletError, type BrowserWallet } from './browser-wallets.ts';

/** Asks `browser` for its accounts; the tracked address must be one of them. */
async function accountOf(browser: BrowserWallet, address: string): Promise<string> {
  if (browser.chain !== 'evm') {
    throw new WalletRequestError('Only an Ethereum wallet can sign in with Ethereum.', false);
  }
  let accounts: unknown;
  try {
    accounts = await browser.provider.request({ method: 'eth_requestAccounts' });
  } catch (caught) {
    throw walletError(browser.name, caught, 'The wallet is tracked, not verified.');
  }
  const found = Array.isArray(accounts)
    ? accounts.find((a): a is string => typeof a === 'string' && a.toLowerCase() === address.toLowerCase())
    : undefined;
  if (!found) {
    throw new WalletRequestError(
      `${browser.name} is not on ${address}. Switch it to that account and try again.`,
      false,
    );
  }
  return found;
}

/** Proves `wallet` is the user's with `browser`; answers the wallet as the server now shows it. */
export async function proveWallet(browser: BrowserWallet, wallet: WalletView): Promise<WalletView> {
  const account = await accountOf(browser, wallet.address);
  const challenge = await api<WalletSignInChallenge>(`/api/wallets/${wallet.id}/verification`, {
    method: 'POST',
  });
  const signature = await signMessage(browser, account, challenge.message);
  return api<WalletView>(`/api/wallets/${wallet.id}/verification/confirm`, {
    method: 'POST',
    body: { message: challenge.message, signature },
  });
}
