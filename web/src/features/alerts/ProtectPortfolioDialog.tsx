import { numberInputMessage, readNumberInput, type ProtectPortfolioResult } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { NumberInput } from '../../components/NumberInput.tsx';
import { ChannelChecks } from './ChannelChecks.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { userLocale } from '../../lib/locale.ts';
import { methodOf } from './alert-ui.ts';
import { protectPortfolioRequest } from './alerts-api.ts';
import { loadAlertsScreen } from './alerts-store.ts';

/**
 * 'Protect my portfolio': one click sets a Loss alert at the chosen
 * percentage below the purchase price on every holding, within the plan's limits.
 */
export function ProtectPortfolioDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [percent, setPercent] = useState('10');
  const [prefs, setPrefs] = useState({ email: true, sms: true });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ProtectPortfolioResult | null>(null);
  useEffect(() => {
    if (open) {
      setResult(null);
      setError(null);
    }
  }, [open]);

  async function protect() {
    const reading = readNumberInput(percent, userLocale());
    const method = methodOf(prefs);
    if (!reading.ok && reading.problem === 'unreadable') {
      return setError(numberInputMessage('Loss', percent, userLocale()));
    }
    if (!reading.ok || !(reading.value > 0 && reading.value < 100)) {
      return setError('Choose a loss between 0 and 100%.');
    }
    if (!method) return setError('Please select at least one notification method');
    setBusy(true);
    try {
      setResult(await protectPortfolioRequest({ lossPercent: reading.decimal, notificationMethod: method }));
      setError(null);
      void loadAlertsScreen();
    } catch (e) {
      setError(`Failed to create alert: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title="Protect my portfolio"
      busy={busy}
      onClose={onClose}
      footer={
        result ? (
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="btn" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void protect()} disabled={busy}>
              {busy ? 'Creating...' : 'Protect my portfolio'}
            </button>
          </>
        )
      }
    >
      {result ? (
        <>
          <p>Successfully created {result.created} alert(s)!</p>
          {result.skipped.length > 0 && (
            <>
              <p className="muted">Left out:</p>
              <ul>
                {result.skipped.map((s) => (
                  <li key={s.symbol}>
                    {s.symbol}: {s.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      ) : (
        <>
          <p>Get an alert when any coin you hold falls this far below its purchase price.</p>
          <div className="field">
            <label htmlFor="protect-percent">Loss (%)</label>
            <NumberInput
              id="protect-percent"
              value={percent}
              onChange={(text) => {
                setPercent(text);
                setError(null);
              }}
            />
          </div>
          <ChannelChecks
            value={prefs}
            onChange={(next) => {
              setPrefs(next);
              setError(null);
            }}
          />
        </>
      )}
      {error && (
        <p className="field-error" role="alert" style={{ color: 'var(--loss)' }}>
          {error}
        </p>
      )}
    </Dialog>
  );
}
