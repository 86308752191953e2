/** A signed-in user with a few holdings, for the first-paint benchmark's portfolio loads. */
import { signUpThroughLink, type RunningApp } from '@coinpace/server/testing';

/** Where the web app keeps the local session (web/src/lib/storage-keys.ts). */
const SESSION_KEY = 'coinpace.session';

const HOLDINGS = [
  ['bitcoin', 'Bitcoin', 'BTC', 0.5, 61000],
  ['ethereum', 'Ethereum', 'ETH', 4, 2900],
  ['solana', 'Solana', 'SOL', 40, 140],
  ['cardano', 'Cardano', 'ADA', 3000, 0.45],
  ['chainlink', 'Chainlink', 'LINK', 120, 14],
  ['polkadot', 'Polkadot', 'DOT', 300, 6.5],
  ['ripple', 'XRP', 'XRP', 2500, 0.55],
  ['dogecoin', 'Dogecoin', 'DOGE', 10000, 0.12],
] as const;

/**
 * Signs up a local account through the API (opening the link the app's log mailer printed), imports eight
 * holdings and returns the localStorage entry that signs a browser in as that user.
 */
export async function seedPortfolioUser(app: RunningApp): Promise<{ key: string; value: string }> {
  const email = `bench-${Date.now()}@example.test`;
  const session = await signUpThroughLink(app, {
    email,
    password: 'correct horse battery',
    firstName: 'Bench',
  });
  const imported = await fetch(`${app.url}/api/portfolio/bulk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({
      portfolioItems: HOLDINGS.map(([coingeckoId, name, symbol, quantity, purchasePrice]) => ({
        coingeckoId,
        name,
        symbol,
        quantity,
        purchasePrice,
      })),
    }),
  });
  if (!imported.ok) throw new Error(`import: ${imported.status} ${await imported.text()}`);
  return { key: SESSION_KEY, value: JSON.stringify(session) };
}
