export {
  createBitcoinReader,
  DEFAULT_ESPLORA_URL,
  DEFAULT_GAP_LIMIT,
  type BitcoinReader,
  type BitcoinReaderOptions,
} from './reader.ts';
export {
  bitcoinAddressType,
  isMainnetBitcoinAddress,
  isXpub,
  recogniseBitcoin,
  xpubKind,
  XPUB_ADDRESS_TYPE,
  type BitcoinAddressType,
  type BitcoinInput,
  type BitcoinRefusal,
  type XpubKind,
} from './recognise.ts';
