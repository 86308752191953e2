/** Which picture a holding shows (SPEC.md section 3, 'Portfolio item (client view)', image rule). */
import { coingeckoIdForSymbol } from '../coins.ts';

const CDN = 'https://coin-images.coingecko.com/coins/images';

/**
 * CoinGecko id to its small (64 px) image, for the ticker coins and other common coins. Used when the
 * server has no usable image for a holding.
 */
export const COIN_IMAGE_URLS: Readonly<Record<string, string>> = {
  bitcoin: `${CDN}/1/small/bitcoin.png`,
  ethereum: `${CDN}/279/small/ethereum.png`,
  tether: `${CDN}/325/small/Tether.png`,
  binancecoin: `${CDN}/825/small/bnb-icon2_2x.png`,
  solana: `${CDN}/4128/small/solana.png`,
  'usd-coin': `${CDN}/6319/small/USD_Coin_icon.png`,
  ripple: `${CDN}/44/small/xrp-symbol-white-128.png`,
  dogecoin: `${CDN}/5/small/dogecoin.png`,
  cardano: `${CDN}/975/small/cardano.png`,
  tron: `${CDN}/1094/small/tron-logo.png`,
  'avalanche-2': `${CDN}/12559/small/Avalanche_Circle_RedWhite_Trans.png`,
  'shiba-inu': `${CDN}/11939/small/shiba.png`,
  polkadot: `${CDN}/12171/small/polkadot.png`,
  chainlink: `${CDN}/877/small/chainlink-new-logo.png`,
  'bitcoin-cash': `${CDN}/780/small/bitcoin-cash-circle.png`,
  'matic-network': `${CDN}/4713/small/matic-token-icon.png`,
  litecoin: `${CDN}/2/small/litecoin.png`,
  uniswap: `${CDN}/12504/small/uniswap-uni.png`,
  cosmos: `${CDN}/1481/small/cosmos_hub.png`,
  stellar: `${CDN}/100/small/Stellar_symbol_black_RGB.png`,
  'wrapped-bitcoin': `${CDN}/7598/small/wrapped_bitcoin_wbtc.png`,
  dai: `${CDN}/9956/small/4943.png`,
  near: `${CDN}/10365/small/near.jpg`,
  arbitrum: `${CDN}/16547/small/photo_2023-03-29_21.47.00.jpeg`,
  optimism: `${CDN}/25244/small/Optimism.png`,
  aave: `${CDN}/12645/small/AAVE.png`,
  maker: `${CDN}/1364/small/Mark_Maker.png`,
  aptos: `${CDN}/26455/small/aptos_round.png`,
  sui: `${CDN}/26375/small/sui_asset.jpeg`,
};

// CoinGecko once served every coin Bitcoin's 'standard' image under this path; such URLs are wrong.
const BROKEN_IMAGE_PATH = '/images/1/standard/';

/**
 * The image URL for a holding, or null so the UI shows a symbol placeholder. The server's image is used
 * only when it is an https URL outside '/images/1/standard/'; otherwise the small image from
 * COIN_IMAGE_URLS for the holding's CoinGecko id, or for the id its symbol maps to in the static table.
 */
export function coinImageFor(holding: {
  image: string | null;
  coingeckoId: string | null;
  symbol: string;
}): string | null {
  const image = holding.image?.trim();
  if (image && image.toLowerCase().startsWith('https://') && !image.includes(BROKEN_IMAGE_PATH)) return image;
  const byId = holding.coingeckoId ? COIN_IMAGE_URLS[holding.coingeckoId] : undefined;
  if (byId) return byId;
  const symbolId = coingeckoIdForSymbol(holding.symbol);
  return (symbolId && COIN_IMAGE_URLS[symbolId]) || null;
}
