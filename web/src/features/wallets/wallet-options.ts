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

/** The notice shown for every option until integrations ship (SPEC.md section 2). */
export function comingSoonText(name: string): string {
  return `${name} integration is coming soon. This feature is currently only available to select users.`;
}
