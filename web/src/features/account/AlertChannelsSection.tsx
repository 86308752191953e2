import type { AlertDestinationView, DestinationDeliveryView } from '@coinpace/domain';
import { useCallback, useEffect, useState } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { pushSupported, turnOnBrowserNotifications } from './browser-push.ts';
import { ChatHookRow } from './ChatHookRow.tsx';
import { TelegramRow } from './TelegramRow.tsx';

/**
 * The Account screen's 'Alert channels' section (docs/alert-channels.md): the signed webhook alerts may go
 * out on beside e-mail and SMS. Adding one shows its signing secret once; 'Send test' confirms it (the URL
 * must answer 2xx); the delivery log lists every attempt with the status answered.
 */
export function AlertChannelsSection() {
  const [destinations, setDestinations] = useState<AlertDestinationView[] | null>(null);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [log, setLog] = useState<DestinationDeliveryView[] | null>(null);

  const load = useCallback(async () => {
    try {
      setDestinations(await api<AlertDestinationView[]>('/api/alert-destinations'));
    } catch (e) {
      setError(errorMessage(e));
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      await action();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
      await load();
    }
  }

  const webhook = destinations?.find((d) => d.kind === 'webhook');
  const browsers = destinations?.filter((d) => d.kind === 'push') ?? [];

  return (
    <section className="card account-section" aria-labelledby="alert-channels-title">
      <h2 id="alert-channels-title">Alert channels</h2>
      <p className="muted">
        Beside e-mail and SMS, alerts can show a browser notification, write to Discord, Slack or Telegram, or
        post a signed JSON message to a webhook you own. Not counted against your plan; at most 60 messages an
        hour on each.
      </p>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      {destinations === null ? (
        !error && <span className="spinner" role="status" aria-label="Loading alert channels" />
      ) : webhook ? (
        <div>
          <p>
            Webhook: <code>{webhook.target}</code> —{' '}
            {webhook.confirmed ? 'confirmed' : 'not confirmed yet: send a test'}
          </p>
          {secret && (
            <p role="status">
              Signing secret (shown only now): <code>{secret}</code>
            </p>
          )}
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const r = await api<{ statusCode: number }>(`/api/alert-destinations/${webhook.id}/test`, {
                  method: 'POST',
                });
                setNote(`Test delivered (answered ${r.statusCode}). The webhook is confirmed.`);
              })
            }
          >
            Send test
          </button>{' '}
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() =>
              void run(async () =>
                setLog(
                  await api<DestinationDeliveryView[]>(`/api/alert-destinations/${webhook.id}/deliveries`),
                ),
              )
            }
          >
            Delivery log
          </button>{' '}
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await api(`/api/alert-destinations/${webhook.id}`, { method: 'DELETE' });
                setSecret(null);
                setLog(null);
              })
            }
          >
            Delete webhook
          </button>
          {log && (
            <table className="delivery-log">
              <caption className="sr-only">Webhook delivery log</caption>
              <thead>
                <tr>
                  <th>When</th>
                  <th>What</th>
                  <th>Attempt</th>
                  <th>Answer</th>
                </tr>
              </thead>
              <tbody>
                {log.map((d) => (
                  <tr key={d.id}>
                    <td>{new Date(d.at).toLocaleString()}</td>
                    <td>{d.kind}</td>
                    <td>{d.attempt}</td>
                    <td>{d.statusCode ?? d.error}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              const r = await api<{ secret: string }>('/api/alert-destinations', {
                method: 'POST',
                body: { kind: 'webhook', url },
              });
              setSecret(r.secret);
              setUrl('');
            });
          }}
        >
          <div className="field">
            <label htmlFor="webhook-url">Webhook URL</label>
            <input
              id="webhook-url"
              type="url"
              placeholder="https://example.com/coinpace"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              required
            />
          </div>
          <button type="submit" className="btn" disabled={busy}>
            Add webhook
          </button>
        </form>
      )}
      <h3>Discord and Slack</h3>
      {(['discord', 'slack'] as const).map((kind) => (
        <ChatHookRow
          key={kind}
          kind={kind}
          name={kind === 'discord' ? 'Discord' : 'Slack'}
          destination={destinations?.find((d) => d.kind === kind)}
          busy={busy}
          onAdd={(hookUrl) =>
            void run(async () => {
              await api('/api/alert-destinations', { method: 'POST', body: { kind, url: hookUrl } });
            })
          }
          onTest={(id) =>
            void run(async () => {
              await api(`/api/alert-destinations/${id}/test`, { method: 'POST' });
              setNote('Test message delivered. The channel is confirmed.');
            })
          }
          onDelete={(id) =>
            void run(async () => {
              await api(`/api/alert-destinations/${id}`, { method: 'DELETE' });
            })
          }
        />
      ))}
      <h3>Telegram</h3>
      <TelegramRow
        destination={destinations?.find((d) => d.kind === 'telegram')}
        busy={busy}
        reload={load}
        onDelete={(id) =>
          void run(async () => {
            await api(`/api/alert-destinations/${id}`, { method: 'DELETE' });
          })
        }
      />
      <h3>Browser notifications</h3>
      {browsers.length > 0 ? (
        <ul>
          {browsers.map((b) => (
            <li key={b.id}>
              {b.label}, since {new Date(b.createdAt).toLocaleDateString()}{' '}
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await api(`/api/alert-destinations/${b.id}`, { method: 'DELETE' });
                  })
                }
              >
                Turn off
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Off in every browser.</p>
      )}
      <button
        type="button"
        className="btn"
        disabled={busy || !pushSupported()}
        onClick={() =>
          void run(async () => {
            await turnOnBrowserNotifications();
            setNote('Browser notifications are on in this browser.');
          })
        }
      >
        Turn on in this browser
      </button>
      {note && (
        <p role="status" className="saved-note">
          {note}
        </p>
      )}
    </section>
  );
}
