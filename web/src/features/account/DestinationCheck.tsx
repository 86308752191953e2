import { isAppError, type ContactChannel, type VerificationSent } from '@coinpace/domain';
import { useEffect, useState, type FormEvent } from 'react';
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

/** A time in ms from an ISO string; null when it is not one. */
const timeOf = (iso: string | undefined) => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

/** Seconds until `at` (ms), ticking once a second while it is ahead; 0 once it has passed. */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const ahead = at !== null && at > now;
  useEffect(() => {
    if (!ahead) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ahead, at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Whether a saved alert destination is confirmed, and the way to confirm it: alerts
 * go only to confirmed destinations. A code sent before (`pending`, from the server) keeps its field here
 * for as long as it holds; the send button counts down the seconds until another may be sent.
 */
export function DestinationCheck({
  channel,
  destination,
  verified,
  pending = null,
  onConfirmed,
}: {
  channel: ContactChannel;
  destination: string;
  verified: boolean;
  pending?: VerificationSent | null;
  onConfirmed: (saved: SavedContact) => void;
}) {
  const texts = TEXTS[channel];
  const [sentTo, setSentTo] = useState<string | null>(pending?.destination ?? null);
  const [resendAt, setResendAt] = useState<number | null>(() => timeOf(pending?.resendAfter));
  const wait = useSecondsUntil(resendAt);
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
      // Asked again too soon: the button counts the seconds down instead of a message that goes stale.
      if (isAppError(caught) && caught.code === 'RATE_LIMITED' && caught.retryAfter) {
        setResendAt(Date.now() + caught.retryAfter * 1000);
      } else {
        setProblem(errorMessage(caught));
      }
    } finally {
      setBusy(false);
    }
  };
  const send = () =>
    run(async () => {
      const sent = await requestVerification(channel);
      setSentTo(sent.destination);
      setResendAt(timeOf(sent.resendAfter));
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
          <button type="button" className="btn" onClick={send} disabled={busy || wait > 0}>
            {sentTo ? `${texts.send} again` : texts.send}
            {wait > 0 && ` in ${wait} s`}
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
