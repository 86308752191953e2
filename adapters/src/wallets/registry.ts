/**
 * The chain readers a process has, keyed by chain: wiring a new reader (Bitcoin, Solana, an EVM chain) is
 * one entry. A wallet's refresh asks the registry for each chain of its kind; a chain with no reader is
 * skipped and said so.
 */
import { createDemoChainReader } from './demo-chain.ts';
import type { ChainId, ChainReader } from './port.ts';

export type ChainReaders = Partial<Record<ChainId, ChainReader>>;

/** The readers given, with the demo chain's always there (unless one is given for it). */
export function withDemoChain(readers: ChainReaders = {}): ChainReaders {
  return { demo: createDemoChainReader(), ...readers };
}
