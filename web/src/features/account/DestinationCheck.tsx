import type { ContactChannel } from '@coinpace/domain';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { confirmVerification, requestVerification, type SavedContact } from './contact-info.ts';

const TEXTS = {
  email: {
    what: 'E-mail',
    send: 'Send link',
    sent: (to: string) => `We sent a link to ${to}. Open it, or paste the code from the link here.`,
    codeLabel: 'Code from the link',
  },
  sms: {
    what: 'Phone',
    send: 'Send code',
    sent: (to: string) => `We sent a 6-digit code to ${to}. It holds for 10 minutes.`,
    codeLabel: 'Code from the SMS',
  },
} as const;

/**
 * Whether a saved alert destination is confirmed, and the way to confirm it: alerts
 * go only to confirmed destinations.
 */
export function DestinationCheck({
  channel,
  destination,
  verified,
  onConfirmed,
}: {
  channel: ContactChannel;
  destination: string;
  verified: boolean;
  onConfirmed: (saved: SavedContact) => void;
}) {
  const texts = TEXTS[channel];
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `verify-${channel}`;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const send = () =>
    run(async () => {
      const sent = await requestVerification(channel);
      setSentTo(sent.destination);
    });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      onConfirmed(await confirmVerification(channel, code.trim()));
      setSentTo(null);
      setCode('');
    });
  };

  return (
    <div className="destination-check" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="destination-status">
        {texts.what} {destination}:{' '}
        <strong className={verified ? 'verified' : 'not-verified'}>
          {verified ? 'Verified' : 'Not verified'}
        </strong>
      </p>
      {!verified && (
        <>
          <p className="hint">Alerts are sent here only after you confirm it.</p>
          <button type="button" className="btn" onClick={send} disabled={busy}>
            {sentTo ? `${texts.send} again` : texts.send}
          </button>
          {sentTo && (
            <form className="verify-form" onSubmit={confirm} noValidate>
              <p role="status">{texts.sent(sentTo)}</p>
              <label htmlFor={`${id}-code`}>{texts.codeLabel}</label>
              <input
                id={`${id}-code`}
                className="input"
                value={code}
                inputMode={channel === 'sms' ? 'numeric' : 'text'}
                autoComplete={channel === 'sms' ? 'one-time-code' : 'off'}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onChange={(e) => setCode(e.target.value)}
              />
              <button type="submit" className="btn btn-primary" disabled={busy || !code.trim()}>
                Confirm
              </button>
            </form>
          )}
          {problem && (
            <p className="field-error" id={`${id}-problem`} role="alert">
              {problem}
            </p>
          )}
        </>
      )}
    </div>
  );
}
