/**
 * The few Esplora endpoints the Bitcoin reader uses (Blockstream's and mempool.space's public API share
 * them): an address's funded/spent sums and its transactions, newest first, 25 confirmed at a time.
 * Failures become ChainErrors: 429 is 'rate-limited' with the Retry-After it sent, a refused connection,
 * a timeout or a 5xx is 'unreachable', a 400 about the address is 'bad-address'.
 */
import { ChainError } from '../port.ts';

/** Sums over an address's outputs, confirmed (`chain_stats`) or unconfirmed (`mempool_stats`). */
export interface EsploraStats {
  funded_txo_count: number;
  funded_txo_sum: number;
  spent_txo_count: number;
  spent_txo_sum: number;
  tx_count: number;
}

/** GET /address/:address */
export interface EsploraAddress {
  address: string;
  chain_stats: EsploraStats;
  mempool_stats: EsploraStats;
}

export interface EsploraOutput {
  scriptpubkey: string;
  scriptpubkey_address?: string;
  scriptpubkey_type?: string;
  /** Satoshis. */
  value: number;
}

export interface EsploraInput {
  txid: string;
  vout: number;
  /** The output this input spends; null for a coinbase input. */
  prevout: EsploraOutput | null;
  is_coinbase?: boolean;
}

/** One transaction as /address/:address/txs lists it. */
export interface EsploraTx {
  txid: string;
  vin: EsploraInput[];
  vout: EsploraOutput[];
  fee?: number;
  status: { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number };
}

/** Confirmed transactions Esplora returns per page of /txs/chain. */
export const ESPLORA_CHAIN_PAGE = 25;

export interface EsploraOptions {
  /** Base URL without a trailing slash, e.g. https://blockstream.info/api. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per request, ms. Default 15 000. */
  timeoutMs?: number;
}

export class EsploraClient {
  /** Requests sent, for the benchmark's calls per refresh. */
  requests = 0;
  private readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: EsploraOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  /** The height of the newest block (GET /blocks/tip/height answers a bare number). */
  tipHeight(): Promise<number> {
    return this.get<number>('/blocks/tip/height');
  }

  address(address: string): Promise<EsploraAddress> {
    return this.get(`/address/${encodeURIComponent(address)}`);
  }

  /** The newest transactions: up to 50 unconfirmed, then the first 25 confirmed. */
  txs(address: string): Promise<EsploraTx[]> {
    return this.get(`/address/${encodeURIComponent(address)}/txs`);
  }

  /** The next 25 confirmed transactions older than `lastSeenTxid`. */
  txsAfter(address: string, lastSeenTxid: string): Promise<EsploraTx[]> {
    return this.get(`/address/${encodeURIComponent(address)}/txs/chain/${encodeURIComponent(lastSeenTxid)}`);
  }

  private async get<T>(path: string): Promise<T> {
    this.requests += 1;
    let response: Response;
    try {
      response = await this.fetchFn(this.baseUrl + path, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new ChainError('unreachable', `The Bitcoin API did not answer (${describe(error)}).`);
    }
    if (response.status === 429) {
      await response.body?.cancel();
      throw new ChainError(
        'rate-limited',
        'The Bitcoin API is rate limiting us.',
        retryAfterMs(response.headers),
      );
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new ChainError('unreachable', `The Bitcoin API answered ${response.status}.`);
    }
    if (response.status === 400) {
      const text = await response.text();
      throw new ChainError('bad-address', `The Bitcoin API refused the address: ${text.slice(0, 200)}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ChainError(
        'unreachable',
        `The Bitcoin API answered ${response.status} for ${path.split('/')[1]}.`,
      );
    }
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw new ChainError(
        'unreachable',
        `The Bitcoin API sent a body that is not JSON (${describe(error)}).`,
      );
    }
  }
}

/** Retry-After in ms from seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return cause ? `${error.message}: ${cause}` : error.message;
  }
  return String(error);
}
