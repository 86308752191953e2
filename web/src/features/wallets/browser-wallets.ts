/**
 * Wallets this browser has: EVM wallets announced by EIP-6963 (read with mipd), an injected EIP-1193
 * provider at `window.ethereum` (older extensions announce nothing), and Phantom's Solana provider. Each
 * is matched to the Wallets screen's options (SPEC.md section 2) so an option either connects or says how
 * to add the address by hand. Connecting only asks for the public address; nothing here can spend.
 */
import { createStore, type EIP6963ProviderDetail, type Store } from 'mipd';
import type { WalletKind } from './wallet-options.ts';

/** The part of an EIP-1193 provider Coinpace uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  isMetaMask?: boolean;
  isCoinbaseWallet?: boolean;
  isTrust?: boolean;
  isTrustWallet?: boolean;
  isRainbow?: boolean;
  isPhantom?: boolean;
  isRabby?: boolean;
}

/** The part of Phantom's Solana provider Coinpace uses. */
export interface SolanaProvider {
  connect(): Promise<{ publicKey: { toString(): string } }>;
  isPhantom?: boolean;
}

/** A wallet found in this browser, ready to connect. */
export type BrowserWallet =
  | { id: string; name: string; chain: 'evm'; provider: Eip1193Provider; icon?: string }
  | { id: string; name: string; chain: 'solana'; provider: SolanaProvider; icon?: string };

interface WalletWindow {
  ethereum?: Eip1193Provider;
  phantom?: { solana?: SolanaProvider };
  solana?: SolanaProvider;
}

/** EIP-6963 reverse-DNS names of the SPEC's options. */
const RDNS: Partial<Record<WalletKind, string[]>> = {
  metamask: ['io.metamask', 'io.metamask.flask'],
  coinbase: ['com.coinbase.wallet'],
  trust: ['com.trustwallet.app'],
  rainbow: ['me.rainbow'],
  phantom: ['app.phantom'],
};

/** The flag each option's injected provider sets on `window.ethereum`. */
const FLAGS: Partial<Record<WalletKind, (p: Eip1193Provider) => boolean>> = {
  metamask: (p) => p.isMetaMask === true && !p.isRabby && !p.isPhantom && !p.isTrust,
  coinbase: (p) => p.isCoinbaseWallet === true,
  trust: (p) => p.isTrust === true || p.isTrustWallet === true,
  rainbow: (p) => p.isRainbow === true,
};

let store: Store | null = null;

/** The page's one EIP-6963 store: created on first use, so only the Wallets screen asks for providers. */
export function eip6963Store(): Store {
  store ??= createStore();
  return store;
}

/** Forgets announced wallets and asks again (tests; a wallet installed while the page is open). */
export function resetEip6963Store(): void {
  store?.destroy();
  store = null;
}

/** Every wallet of this browser: announced ones, then an injected one that none of them is. */
export function findBrowserWallets(
  announced: readonly EIP6963ProviderDetail[],
  win: WalletWindow = window as unknown as WalletWindow,
): BrowserWallet[] {
  const found: BrowserWallet[] = announced.map((d) => ({
    id: `eip6963:${d.info.rdns}`,
    name: d.info.name,
    chain: 'evm',
    provider: d.provider as unknown as Eip1193Provider,
    icon: d.info.icon,
  }));
  const injected = win.ethereum;
  if (injected && typeof injected.request === 'function' && !found.some((w) => w.provider === injected)) {
    found.push({ id: 'injected', name: injectedName(injected), chain: 'evm', provider: injected });
  }
  const solana = win.phantom?.solana ?? (win.solana?.isPhantom ? win.solana : undefined);
  if (solana && typeof solana.connect === 'function') {
    found.push({ id: 'phantom-solana', name: 'Phantom (Solana)', chain: 'solana', provider: solana });
  }
  return found;
}

function injectedName(p: Eip1193Provider): string {
  for (const [kind, is] of Object.entries(FLAGS)) if (is(p)) return NAMES[kind as WalletKind];
  if (p.isRabby) return 'Rabby';
  if (p.isPhantom) return 'Phantom';
  return 'Browser wallet';
}

const NAMES: Record<WalletKind, string> = {
  metamask: 'MetaMask',
  walletconnect: 'WalletConnect',
  coinbase: 'Coinbase Wallet',
  trust: 'Trust Wallet',
  phantom: 'Phantom',
  rainbow: 'Rainbow',
};

/**
 * The browser wallets one option connects through (Phantom: its Solana provider first, then its EVM
 * one). WalletConnect needs a relay service Coinpace does not run, so it has none.
 */
export function walletsForOption(kind: WalletKind, wallets: readonly BrowserWallet[]): BrowserWallet[] {
  const rdns = RDNS[kind] ?? [];
  const flag = FLAGS[kind];
  return wallets.filter((w) => {
    if (kind === 'phantom' && w.id === 'phantom-solana') return true;
    if (w.chain !== 'evm') return false;
    if (rdns.some((r) => w.id === `eip6963:${r}`)) return true;
    if (kind === 'phantom' && w.id === 'injected' && w.provider.isPhantom) return true;
    return w.id === 'injected' && flag !== undefined && flag(w.provider);
  });
}

/** Browser wallets no option of the SPEC's grid covers (Rabby, Zerion, an unnamed injected one). */
export function otherWallets(
  kinds: readonly WalletKind[],
  wallets: readonly BrowserWallet[],
): BrowserWallet[] {
  const covered = new Set(kinds.flatMap((k) => walletsForOption(k, wallets)));
  return wallets.filter((w) => !covered.has(w));
}

/** A refusal or failure of the wallet, in words for the user. */
export class WalletRequestError extends Error {
  constructor(
    message: string,
    /** The user declined in the wallet (EIP-1193 code 4001). */
    readonly rejected: boolean,
  ) {
    super(message);
    this.name = 'WalletRequestError';
  }
}

/** Turns what a provider threw (EIP-1193 errors carry a numeric `code`) into a message. */
export function walletError(name: string, caught: unknown, what: string): WalletRequestError {
  const e = caught as { code?: unknown; message?: unknown } | null;
  if (e?.code === 4001 || e?.code === 'ACTION_REJECTED') {
    return new WalletRequestError(`You declined the request in ${name}. ${what}`, true);
  }
  if (e?.code === -32002) {
    return new WalletRequestError(
      `${name} is already asking you something: open it and answer first.`,
      false,
    );
  }
  const detail = typeof e?.message === 'string' && e.message ? `: ${e.message}` : '.';
  return new WalletRequestError(`${name} could not answer${detail}`, false);
}

/** Asks the wallet for its account (the user approves in the wallet); answers the public address. */
export async function requestAddress(wallet: BrowserWallet): Promise<string> {
  let address: unknown;
  try {
    if (wallet.chain === 'solana') {
      address = (await wallet.provider.connect()).publicKey.toString();
    } else {
      const accounts = await wallet.provider.request({ method: 'eth_requestAccounts' });
      address = Array.isArray(accounts) ? accounts[0] : undefined;
    }
  } catch (caught) {
    throw walletError(wallet.name, caught, 'Nothing was added.');
  }
  if (typeof address !== 'string' || !address) {
    throw new WalletRequestError(`${wallet.name} shared no account. Unlock it and try again.`, false);
  }
  return address;
}

/** Asks the wallet to sign `message` with `address` (personal_sign); answers the signature. */
export async function signMessage(wallet: BrowserWallet, address: string, message: string): Promise<string> {
  if (wallet.chain !== 'evm') {
    throw new WalletRequestError('Only an Ethereum wallet can sign in with Ethereum.', false);
  }
  let signature: unknown;
  try {
    signature = await wallet.provider.request({ method: 'personal_sign', params: [toHex(message), address] });
  } catch (caught) {
    throw walletError(wallet.name, caught, 'The wallet is tracked, not verified.');
  }
  if (typeof signature !== 'string')
    throw new WalletRequestError(`${wallet.name} returned no signature.`, false);
  return signature;
}

/** personal_sign takes the message as hex of its UTF-8 bytes (EIP-1193 wallets also take text, not all). */
function toHex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
