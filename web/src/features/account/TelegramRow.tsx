import type { AlertDestinationView } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../lib/api-client.ts';

/** How often the list is asked again while a link waits to be opened, ms. */
export const TELEGRAM_LINK_POLL_MS = 2_000;

/**
 * The Telegram chat on the account page (docs/alert-channels.md). 'Link Telegram' asks the API for a
 * one-time t.me link, shown as a button that opens the bot; the row then asks the list again every
 * {@link TELEGRAM_LINK_POLL_MS} until the worker saw `/start <code>` and the chat is linked. A chat that
 * blocked the bot shows as unlinked, with the same button to link again. Without a bot token on the server
 * it says Telegram is not configured.
 */
export function TelegramRow({
  destination,
  busy,
  reload,
  onDelete,
  pollMs = TELEGRAM_LINK_POLL_MS,
}: {
  destination: AlertDestinationView | undefined;
  busy: boolean;
  /** Reads the destinations again (the parent passes the new list down). */
  reload: () => Promise<void>;
  onDelete: (id: string) => void;
  pollMs?: number;
}) {
  const [configured, setConfigured] = useState<boolean | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api<{ configured: boolean }>('/api/telegram').then(
      (r) => live && setConfigured(r.configured),
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, []);

  const linked = destination?.confirmed === true;
  const waiting = link !== null && !linked;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void reload(), pollMs);
    return () => clearInterval(timer);
  }, [waiting, reload, pollMs]);

  async function makeLink() {
    setAsking(true);
    setError(null);
    try {
      const r = await api<{ link: string }>('/api/alert-destinations', {
        method: 'POST',
        body: { kind: 'telegram' },
      });
      setLink(r.link);
      await reload();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setAsking(false);
    }
  }

  if (configured === false) return <p className="muted">Telegram is not configured on this server.</p>;
  if (configured === null) return error ? <p role="alert">{error}</p> : null;
  if (linked) {
    return (
      <p>
        Telegram: linked{' '}
        <button type="button" className="btn" disabled={busy} onClick={() => onDelete(destination.id)}>
          Delete
        </button>
      </p>
    );
  }
  return (
    <div>
      {destination?.unlinked && !waiting && (
        <p role="alert">
          Telegram: unlinked. The bot was blocked in your chat, so alerts no longer reach it. Link it again to
          get them.
        </p>
      )}
      {waiting ? (
        <p>
          <a className="btn" href={link} target="_blank" rel="noopener noreferrer">
            Open Telegram to link
          </a>{' '}
          <span role="status">Waiting for you to press Start in Telegram…</span>
        </p>
      ) : (
        <button type="button" className="btn" disabled={busy || asking} onClick={() => void makeLink()}>
          {destination?.unlinked ? 'Link Telegram again' : 'Link Telegram'}
        </button>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
