/**
 * The wallets the Wallets screen offers (SPEC.md section 2), in the order shown. `color` is the mark's
 * background behind white initials: a darker shade of the brand colour where needed for 4.5:1.
 */
export const WALLET_OPTIONS = [
  {
    kind: 'metamask',
    name: 'MetaMask',
    mark: 'MM',
    color: '#b45e16',
    description: 'Browser extension and mobile',
  },
  {
    kind: 'walletconnect',
    name: 'WalletConnect',
    mark: 'WC',
    color: '#2563eb',
    description: 'Scan a QR code from any wallet',
  },
  {
    kind: 'coinbase',
    name: 'Coinbase Wallet',
    mark: 'CB',
    color: '#1652f0',
    description: 'Self-custody wallet by Coinbase',
  },
  {
    kind: 'trust',
    name: 'Trust Wallet',
    mark: 'TW',
    color: '#3375bb',
    description: 'Multi-chain mobile wallet',
  },
  {
    kind: 'phantom',
    name: 'Phantom',
    mark: 'PH',
    color: '#7c5ce0',
    description: 'Solana, Ethereum and more',
  },
  {
    kind: 'rainbow',
    name: 'Rainbow',
    mark: 'RB',
    color: '#db2967',
    description: 'Ethereum wallet for everyone',
  },
] as const;

export type WalletKind = (typeof WALLET_OPTIONS)[number]['kind'];
export type WalletOption = (typeof WALLET_OPTIONS)[number];

export function findWalletOption(kind: string): WalletOption | undefined {
  return WALLET_OPTIONS.find((option) => option.kind === kind);
}

/** Where each wallet shows the public address to copy, for adding it by hand. */
const WHERE_THE_ADDRESS_IS: Record<WalletKind, string> = {
  metamask: 'In MetaMask, click the account name at the top to copy its address (it starts with 0x).',
  walletconnect:
    'Coinpace does not connect through WalletConnect: open the wallet you use with it and copy its public address.',
  coinbase: 'In Coinbase Wallet, open Receive and copy the address of the network you use.',
  trust: 'In Trust Wallet, open Receive, choose the coin and copy its address.',
  phantom: 'In Phantom, click the account at the top to copy its Solana or Ethereum address.',
  rainbow: 'In Rainbow, open your profile and copy the wallet address (it starts with 0x).',
};

/**
 * What an option says when this browser has no such wallet: how to add its address by hand instead. Only
 * the public address is ever needed.
 */
export function byHandText(option: WalletOption): string {
  return (
    `${WHERE_THE_ADDRESS_IS[option.kind]} Paste it under Tracked addresses below. ` +
    'Never paste a seed phrase or a private key: Coinpace only needs the public address.'
  );
}
