/**
 * The price ticks as this API process sees them, for the SSE streams: one bus subscription per process
 * (taken on the first stream), fanned out to every open stream, with the recent ticks kept so a
 * reconnecting stream resumes from its Last-Event-ID.
 */
import type { Bus } from '@coinpace/adapters';
import { BUS_TOPICS, type PriceTick } from '@coinpace/domain';

/** Ticks kept for resuming: at a 60 s poll, over eight hours; at 1 s, about eight minutes. */
export const KEPT_TICKS = 500;

export class TickRelay {
  private readonly ticks: PriceTick[] = [];
  private readonly listeners = new Set<(tick: PriceTick) => void>();
  private started: Promise<void> | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly keep = KEPT_TICKS,
  ) {}

  /** Subscribes to the ticks once; later calls share the subscription. */
  start(): Promise<void> {
    this.started ??= this.bus
      .subscribe(BUS_TOPICS.priceTick, (payload) => this.onTick(payload as PriceTick))
      .then(
        () => undefined,
        (err: unknown) => {
          this.started = null;
          throw err;
        },
      );
    return this.started;
  }

  /** Calls `listener` for every tick from now on; returns the function that stops it. */
  listen(listener: (tick: PriceTick) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The id of the newest tick seen, if any. */
  latestId(): string | undefined {
    return this.ticks.at(-1)?.id;
  }

  /** The ticks after the one with `id`, oldest first; null when `id` is not among the kept ticks. */
  since(id: string): PriceTick[] | null {
    const index = this.ticks.findLastIndex((tick) => tick.id === id);
    return index < 0 ? null : this.ticks.slice(index + 1);
  }

  private onTick(tick: PriceTick): void {
    this.ticks.push(tick);
    if (this.ticks.length > this.keep) this.ticks.splice(0, this.ticks.length - this.keep);
    for (const listener of [...this.listeners]) listener(tick);
  }
}
