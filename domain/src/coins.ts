/**
 * Static coin tables (SPEC.md section 3, 'Static tables'): the ticker set with its built-in fallback
 * prices (ticker-coins.ts), symbol to CoinGecko id for common coins, and contract address to id and chain.
 */

// The ticker set is in ticker-coins.ts: the landing page's ticker needs it, not the tables below.
export * from './ticker-coins.ts';

/** Upper-case symbol to CoinGecko id for about sixty common coins. */
export const SYMBOL_TO_COINGECKO_ID: Readonly<Record<string, string>> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDT: 'tether',
  BNB: 'binancecoin',
  SOL: 'solana',
  USDC: 'usd-coin',
  XRP: 'ripple',
  DOGE: 'dogecoin',
  TON: 'the-open-network',
  ADA: 'cardano',
  TRX: 'tron',
  AVAX: 'avalanche-2',
  SHIB: 'shiba-inu',
  DOT: 'polkadot',
  LINK: 'chainlink',
  BCH: 'bitcoin-cash',
  NEAR: 'near',
  MATIC: 'matic-network',
  POL: 'polygon-ecosystem-token',
  LTC: 'litecoin',
  DAI: 'dai',
  UNI: 'uniswap',
  ICP: 'internet-computer',
  LEO: 'leo-token',
  ETC: 'ethereum-classic',
  APT: 'aptos',
  XLM: 'stellar',
  XMR: 'monero',
  ATOM: 'cosmos',
  OKB: 'okb',
  FIL: 'filecoin',
  HBAR: 'hedera-hashgraph',
  ARB: 'arbitrum',
  CRO: 'crypto-com-chain',
  VET: 'vechain',
  MKR: 'maker',
  OP: 'optimism',
  INJ: 'injective-protocol',
  GRT: 'the-graph',
  RNDR: 'render-token',
  RENDER: 'render-token',
  IMX: 'immutable-x',
  AAVE: 'aave',
  ALGO: 'algorand',
  SUI: 'sui',
  QNT: 'quant-network',
  STX: 'blockstack',
  SAND: 'the-sandbox',
  MANA: 'decentraland',
  AXS: 'axie-infinity',
  EGLD: 'elrond-erd-2',
  THETA: 'theta-token',
  FTM: 'fantom',
  XTZ: 'tezos',
  EOS: 'eos',
  FLOW: 'flow',
  CHZ: 'chiliz',
  KAVA: 'kava',
  CRV: 'curve-dao-token',
  LDO: 'lido-dao',
  PEPE: 'pepe',
  WBTC: 'wrapped-bitcoin',
  WETH: 'weth',
  SNX: 'havven',
  COMP: 'compound-governance-token',
  ZEC: 'zcash',
  DASH: 'dash',
  ENS: 'ethereum-name-service',
  '1INCH': '1inch',
  SUSHI: 'sushi',
  YFI: 'yearn-finance',
  BAT: 'basic-attention-token',
};

export type Chain = 'ethereum' | 'binance-smart-chain' | 'arbitrum-one';

/** Lower-case contract address to CoinGecko id and chain, for tokens often pasted by address. */
export const CONTRACT_ADDRESSES: Readonly<Record<string, { coingeckoId: string; chain: Chain }>> = {
  '0xdac17f958d2ee523a2206206994597c13d831ec7': { coingeckoId: 'tether', chain: 'ethereum' },
  '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': { coingeckoId: 'usd-coin', chain: 'ethereum' },
  '0x6b175474e89094c44da98b954eedeac495271d0f': { coingeckoId: 'dai', chain: 'ethereum' },
  '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599': { coingeckoId: 'wrapped-bitcoin', chain: 'ethereum' },
  '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': { coingeckoId: 'weth', chain: 'ethereum' },
  '0x514910771af9ca656af840dff83e8264ecf986ca': { coingeckoId: 'chainlink', chain: 'ethereum' },
  '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984': { coingeckoId: 'uniswap', chain: 'ethereum' },
  '0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9': { coingeckoId: 'aave', chain: 'ethereum' },
  '0x95ad61b0a150d79219dcf64e1e6cc01f0b64c4ce': { coingeckoId: 'shiba-inu', chain: 'ethereum' },
  '0x6982508145454ce325ddbe47a25d4ec3d2311933': { coingeckoId: 'pepe', chain: 'ethereum' },
  '0x7d1afa7b718fb893db30a3abc0cfc608aacfebb0': { coingeckoId: 'matic-network', chain: 'ethereum' },
  '0x5a98fcbea516cf06857215779fd812ca3bef1b32': { coingeckoId: 'lido-dao', chain: 'ethereum' },
  '0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2': { coingeckoId: 'maker', chain: 'ethereum' },
  '0xbb4cdb9cbd36b01bd1cbaebf2de08d9173bc095c': { coingeckoId: 'wbnb', chain: 'binance-smart-chain' },
  '0x0e09fabb73bd3ade0a17ecc321fd13a19e81ce82': {
    coingeckoId: 'pancakeswap-token',
    chain: 'binance-smart-chain',
  },
  '0x55d398326f99059ff775485246999027b3197955': { coingeckoId: 'tether', chain: 'binance-smart-chain' },
  '0x912ce59144191c1204e64559fe8253a0e49e6548': { coingeckoId: 'arbitrum', chain: 'arbitrum-one' },
  '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9': { coingeckoId: 'tether', chain: 'arbitrum-one' },
};

/** EVM chain ids (SPEC.md section 9, 'Limits'). */
export const CHAIN_IDS = { ethereum: 1, polygon: 137, bsc: 56, avalanche: 43114 } as const;

/** True for a usable contract address: 0x, 42 characters, hex, not the zero address (SPEC.md section 5). */
export function isContractAddress(value: string | null | undefined): value is string {
  if (!value) return false;
  return /^0x[0-9a-fA-F]{40}$/.test(value) && !/^0x0{40}$/.test(value);
}

/** The chain to price a contract address on; ethereum unless the table says otherwise. */
export function chainForAddress(address: string): Chain {
  return CONTRACT_ADDRESSES[address.toLowerCase()]?.chain ?? 'ethereum';
}

/**
 * The key a holding (or import row) is priced under: its CoinGecko id, else its lower-cased contract
 * address (a token the static tables do not know, priced through GET /api/prices/by-address, whose
 * PriceMap is keyed by lower-cased address), else null (not priceable).
 */
export function priceKeyOf(coin: {
  coingeckoId: string | null | undefined;
  address: string | null | undefined;
}): string | null {
  if (coin.coingeckoId) return coin.coingeckoId;
  return isContractAddress(coin.address) ? coin.address.toLowerCase() : null;
}

/** The CoinGecko id for a symbol from the static table, if it is there. */
export function coingeckoIdForSymbol(symbol: string): string | undefined {
  return SYMBOL_TO_COINGECKO_ID[symbol.trim().toUpperCase()];
}
