import type { AlertDestinationView } from '@coinpace/domain';
import { useState } from 'react';

/**
 * One Discord or Slack incoming webhook on the account page: the URL to paste when there is none, else
 * its state with 'Send test' (which confirms it) and 'Delete'.
 */
export function ChatHookRow({
  kind,
  name,
  destination,
  busy,
  onAdd,
  onTest,
  onDelete,
}: {
  kind: 'discord' | 'slack';
  name: string;
  destination: AlertDestinationView | undefined;
  busy: boolean;
  onAdd: (url: string) => void;
  onTest: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const [url, setUrl] = useState('');
  if (destination) {
    return (
      <p>
        {name}: {destination.confirmed ? 'confirmed' : 'not confirmed yet: send a test'}{' '}
        <button type="button" className="btn" disabled={busy} onClick={() => onTest(destination.id)}>
          Send test
        </button>{' '}
        <button type="button" className="btn" disabled={busy} onClick={() => onDelete(destination.id)}>
          Delete
        </button>
      </p>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onAdd(url);
        setUrl('');
      }}
    >
      <div className="field">
        <label htmlFor={`${kind}-url`}>{name} webhook URL</label>
        <input
          id={`${kind}-url`}
          type="url"
          placeholder={
            kind === 'discord' ? 'https://discord.com/api/webhooks/…' : 'https://hooks.slack.com/services/…'
          }
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
        />
      </div>
      <button type="submit" className="btn" disabled={busy}>
        Add {name}
      </button>
    </form>
  );
}
