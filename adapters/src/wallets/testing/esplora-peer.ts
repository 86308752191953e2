/**
 * A local Esplora for tests: a real node:http server on 127.0.0.1 (port 0) answering GET
 * /blocks/tip/height, /address/:a, /address/:a/txs and /address/:a/txs/chain/:last_seen_txid in
 * Blockstream's shapes (funded/spent sums per address, transactions newest first with their inputs'
 * prevouts, 25 confirmed per page, unconfirmed first). Transactions are added by the test; a 429 or 500
 * can be forced; every request is logged. Exported to other packages' tests through
 * `@coinpace/adapters/testing`. */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EsploraAddress, EsploraStats, EsploraTx } from '../bitcoin/esplora.ts';
import { isMainnetBitcoinAddress } from '../bitcoin/recognise.ts';

/** One side of a transaction the test adds: an address and satoshis. */
export interface PeerTxo {
  address: string;
  value: number;
}

export interface PeerTxInput {
  /** Block height; omitted for an unconfirmed (mempool) transaction. */
  height?: number;
  /** Block time, Unix seconds. Default: a fixed time plus ten minutes per block. */
  time?: number;
  /** The outputs this transaction spends (their address and value). */
  inputs: PeerTxo[];
  outputs: PeerTxo[];
}

export interface EsploraPeer {
  /** Base URL to pass as ESPLORA_URL, e.g. http://127.0.0.1:PORT/api. */
  readonly url: string;
  /** Adds a transaction and returns its txid. */
  addTx(tx: PeerTxInput): string;
  /** Raises the tip (GET /blocks/tip/height) above the highest transaction's block. */
  setTip(height: number): void;
  /** Answers every request with this status (429 with Retry-After when given) until set to null. */
  failWith(failure: { status: 429 | 500 | 503; retryAfterSeconds?: number } | null): void;
  /** Paths requested, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

const PAGE = 25;
const MEMPOOL_PAGE = 50;
const GENESIS_TIME = 1_700_000_000;

function emptyStats(): EsploraStats {
  return { funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 };
}

export async function startEsploraPeer(): Promise<EsploraPeer> {
  const txs: EsploraTx[] = [];
  const requests: string[] = [];
  let failure: { status: number; retryAfterSeconds?: number } | null = null;
  let tipHeight = 0;

  function touches(tx: EsploraTx, address: string): boolean {
    return (
      tx.vout.some((o) => o.scriptpubkey_address === address) ||
      tx.vin.some((i) => i.prevout?.scriptpubkey_address === address)
    );
  }

  /** Newest first: unconfirmed, then by height descending, later-added first within a block. */
  function historyOf(address: string): EsploraTx[] {
    return txs
      .map((tx, order) => ({ tx, order }))
      .filter(({ tx }) => touches(tx, address))
      .sort((a, b) => {
        const ha = a.tx.status.block_height ?? Number.MAX_SAFE_INTEGER;
        const hb = b.tx.status.block_height ?? Number.MAX_SAFE_INTEGER;
        return hb - ha || b.order - a.order;
      })
      .map(({ tx }) => tx);
  }

  function summary(address: string): EsploraAddress {
    const chain = emptyStats();
    const mempool = emptyStats();
    for (const tx of txs) {
      if (!touches(tx, address)) continue;
      const stats = tx.status.confirmed ? chain : mempool;
      stats.tx_count += 1;
      for (const o of tx.vout) {
        if (o.scriptpubkey_address !== address) continue;
        stats.funded_txo_count += 1;
        stats.funded_txo_sum += o.value;
      }
      for (const i of tx.vin) {
        if (i.prevout?.scriptpubkey_address !== address) continue;
        stats.spent_txo_count += 1;
        stats.spent_txo_sum += i.prevout.value;
      }
    }
    return { address, chain_stats: chain, mempool_stats: mempool };
  }

  function send(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      ...headers,
    });
    res.end(text);
  }

  function answer(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://peer').pathname;
    requests.push(path);
    if (failure) {
      const headers: Record<string, string> =
        failure.retryAfterSeconds !== undefined ? { 'retry-after': String(failure.retryAfterSeconds) } : {};
      send(
        res,
        failure.status,
        failure.status === 429 ? 'Too Many Requests' : 'Internal Server Error',
        headers,
      );
      return;
    }
    if (req.method === 'GET' && path === '/api/blocks/tip/height') {
      const heights = txs.map((tx) => tx.status.block_height ?? 0);
      send(res, 200, String(Math.max(tipHeight, ...heights)));
      return;
    }
    const match = /^\/api\/address\/([^/]+)(\/txs(?:\/chain\/([0-9a-f]{64}))?)?$/.exec(path);
    if (req.method !== 'GET' || !match) {
      send(res, 404, 'Not Found');
      return;
    }
    const address = decodeURIComponent(match[1]!);
    if (!isMainnetBitcoinAddress(address)) {
      send(res, 400, 'Invalid Bitcoin address');
      return;
    }
    if (!match[2]) {
      send(res, 200, summary(address));
      return;
    }
    const history = historyOf(address);
    const confirmed = history.filter((tx) => tx.status.confirmed);
    if (!match[3]) {
      const mempool = history.filter((tx) => !tx.status.confirmed).slice(0, MEMPOOL_PAGE);
      send(res, 200, [...mempool, ...confirmed.slice(0, PAGE)]);
      return;
    }
    const at = confirmed.findIndex((tx) => tx.txid === match[3]);
    send(res, 200, at < 0 ? [] : confirmed.slice(at + 1, at + 1 + PAGE));
  }

  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    addTx(input: PeerTxInput): string {
      const txid = createHash('sha256').update(`peer-tx-${txs.length}`).digest('hex');
      const confirmed = input.height !== undefined;
      txs.push({
        txid,
        vin: input.inputs.map((i, n) => ({
          txid: createHash('sha256').update(`peer-prev-${txs.length}-${n}`).digest('hex'),
          vout: 0,
          prevout: { scriptpubkey: '', scriptpubkey_address: i.address, value: i.value },
          is_coinbase: false,
        })),
        vout: input.outputs.map((o) => ({
          scriptpubkey: '',
          scriptpubkey_address: o.address,
          value: o.value,
        })),
        status: confirmed
          ? {
              confirmed: true,
              block_height: input.height!,
              block_hash: createHash('sha256').update(`block-${input.height}`).digest('hex'),
              block_time: input.time ?? GENESIS_TIME + input.height! * 600,
            }
          : { confirmed: false },
      });
      return txid;
    },
    setTip(height) {
      tipHeight = height;
    },
    failWith(next) {
      failure = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
