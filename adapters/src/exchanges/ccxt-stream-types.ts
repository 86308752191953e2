/** The shape of one movement stream of an exchange account, and what streams need of the client. */
import type { Exchange, Trade, Transaction } from 'ccxt';
import type { ExchangeMovement, ExchangeTransfer, SyncCursor } from './port.ts';

export interface StreamRead {
  movements: ExchangeMovement[];
  /** More may follow right away in this stream (a full page, a window before now). */
  more: boolean;
  /** Share of this stream read so far (0..1), where the stream can tell (a walk through windows). */
  progress?: number;
}

export interface MovementStream {
  /** Unique among the account's streams; also its entries' prefix in the cursor. */
  readonly key: string;
  /** Reads the next page after the stream's place in `cursor` and moves that place (mutates `cursor`). */
  read(ex: Exchange, cursor: SyncCursor): Promise<StreamRead>;
}

/** What the streams need of the client. */
export interface StreamHost {
  readonly exchange: string;
  readonly pageSize: number | undefined;
  readonly historyFrom: number | undefined;
  raw(ex: Exchange, method: string, params?: Record<string, unknown>): Promise<unknown>;
  trade(ex: Exchange, trade: Trade, perMarket?: boolean): ExchangeMovement | null;
  transfer(ex: Exchange, kind: ExchangeTransfer['kind'], t: Transaction): ExchangeTransfer | null;
}
