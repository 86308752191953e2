import {
  BETA_WALLETS,
  BETA_WALLET_LABELS,
  TRADING_KNOWLEDGE,
  TRADING_KNOWLEDGE_LABELS,
  ZBetaSignup,
  checkFields,
} from '@coinpace/domain';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/FormField.tsx';
import { useCheckedForm } from '../../components/use-checked-form.ts';
import { joinBeta, useBetaSpots } from './beta-store.ts';

const EMPTY = { email: '', tradingKnowledge: '', wallet: '' };

/**
 * The beta request form (SPEC.md sections 2 and 5): e-mail, trading experience and primary wallet,
 * checked with the same rules and messages as the server before sending.
 */
export function BetaSignupForm() {
  const full = useBetaSpots((s) => s.status === 'ready' && s.remaining <= 0);
  const { values, errors, set, validate } = useCheckedForm(
    EMPTY,
    (v) => checkFields(ZBetaSignup, v),
    (field) => `beta-${field}`,
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const signup = validate();
    if (!signup) return;
    setBusy(true);
    const result = await joinBeta(signup);
    setBusy(false);
    if (result.ok) setDone(true);
    else setFailure(result.message);
  };

  if (done) {
    return (
      <div className="banner banner-success beta-done" role="status">
        <div className="banner-body">
          <strong>You&apos;re on the list!</strong> We&apos;ll e-mail {values.email.trim()} when your beta
          access is ready.
        </div>
      </div>
    );
  }

  return (
    <form className="beta-form" onSubmit={submit} noValidate aria-busy={busy}>
      <FormField id="beta-email" label="Email address" error={errors.email}>
        {(props) => (
          <input
            {...props}
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            disabled={full}
          />
        )}
      </FormField>
      <FormField id="beta-tradingKnowledge" label="Trading experience" error={errors.tradingKnowledge}>
        {(props) => (
          <select
            {...props}
            className="select"
            value={values.tradingKnowledge}
            onChange={(e) => set('tradingKnowledge', e.target.value)}
            disabled={full}
          >
            <option value="">Select your experience</option>
            {TRADING_KNOWLEDGE.map((level) => (
              <option key={level} value={level}>
                {TRADING_KNOWLEDGE_LABELS[level]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="beta-wallet" label="Primary wallet" error={errors.wallet}>
        {(props) => (
          <select
            {...props}
            className="select"
            value={values.wallet}
            onChange={(e) => set('wallet', e.target.value)}
            disabled={full}
          >
            <option value="">Select your wallet</option>
            {BETA_WALLETS.map((wallet) => (
              <option key={wallet} value={wallet}>
                {BETA_WALLET_LABELS[wallet]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {failure && (
        <div className="banner banner-error" role="alert">
          <div className="banner-body">{failure}</div>
        </div>
      )}
      <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy || full}>
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" /> Sending request...
          </>
        ) : (
          'Request beta access'
        )}
      </button>
      <p className="form-note">
        We only use your e-mail to contact you about the beta. Waitlist entries are deleted after two years.
      </p>
    </form>
  );
}
