import { useEffect, useState } from 'react';
import {
  CONNECTION_TEXTS,
  priceAgeText,
  useConnectionStatus,
  type ConnectionStatus,
} from '../../lib/connection.ts';

/** What the screens say about the connection: the status, its text, and the prices' age when stale. */
export interface ConnectionView {
  status: ConnectionStatus;
  /** False while prices are not arriving live: the socket is down or the server cannot be reached. */
  live: boolean;
  text: string;
  /** 'Prices from N min ago' while the prices shown are not live; null when live or none arrived. */
  age: string | null;
}

/** How often the age is brought up to date while shown, ms. */
const AGE_TICK_MS = 15_000;

/**
 * The connection status and, while it is not live, the age of `pricesAt` (epoch ms of the prices
 * shown), kept current.
 */
export function useConnectionView(pricesAt: number | null): ConnectionView {
  const status = useConnectionStatus();
  const live = status === 'live' || status === 'connecting';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (live) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, [live]);
  return { status, live, text: CONNECTION_TEXTS[status], age: live ? null : priceAgeText(pricesAt, now) };
}
