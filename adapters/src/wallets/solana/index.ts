export {
  createSolanaReader,
  DEFAULT_SOLANA_RPC_URL,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  type SolanaReader,
  type SolanaReaderOptions,
} from './reader.ts';
export { isSolanaAddress } from './recognise.ts';
