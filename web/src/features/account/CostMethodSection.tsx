import type { CostMethod, UserView } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';

const METHODS: { value: CostMethod; label: string; hint: string }[] = [
  {
    value: 'average',
    label: 'Average cost',
    hint: 'A sale costs what the coins held cost on average.',
  },
  {
    value: 'fifo',
    label: 'First in, first out (FIFO)',
    hint: 'A sale takes the oldest coins first, at what they cost.',
  },
];

/**
 * The cost method setting (issue 18): how realised gain/loss and a holding's cost are worked out,
 * saved with PATCH /api/users/me. Saved as soon as it is chosen; a failed save puts the old one back.
 */
export function CostMethodSection() {
  const [method, setMethod] = useState<CostMethod | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api<{ user: UserView }>('/api/users/me')
      .then(({ user }) => live && setMethod(user.costMethod === 'fifo' ? 'fifo' : 'average'))
      .catch(
        (failure: unknown) => live && setError(`Failed to load your settings: ${errorMessage(failure)}`),
      );
    return () => {
      live = false;
    };
  }, []);

  const choose = async (next: CostMethod) => {
    if (next === method || saving) return;
    const previous = method;
    setMethod(next);
    setSaving(true);
    setSaved(false);
    setError(null);
    try {
      const { user } = await api<{ user: UserView }>('/api/users/me', {
        method: 'PATCH',
        body: { costMethod: next },
      });
      setMethod(user.costMethod);
      setSaved(true);
    } catch (failure) {
      setMethod(previous);
      setError(`Failed to save changes to database: ${errorMessage(failure)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card account-section" aria-labelledby="cost-method-title">
      <h2 id="cost-method-title">Cost method</h2>
      <p className="muted">How realised gain/loss and what a holding cost are worked out.</p>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      {method === null ? (
        !error && <span className="spinner" role="status" aria-label="Loading cost method" />
      ) : (
        <fieldset className="cost-method" aria-busy={saving} disabled={saving}>
          <legend className="sr-only">Cost method</legend>
          {METHODS.map((m) => (
            <div className="field" key={m.value}>
              <label>
                <input
                  type="radio"
                  name="cost-method"
                  value={m.value}
                  checked={method === m.value}
                  aria-describedby={`cost-method-${m.value}-hint`}
                  onChange={() => void choose(m.value)}
                />{' '}
                {m.label}
              </label>
              <span className="hint" id={`cost-method-${m.value}-hint`}>
                {m.hint}
              </span>
            </div>
          ))}
        </fieldset>
      )}
      {saved && (
        <p role="status" className="saved-note">
          Cost method saved.
        </p>
      )}
    </section>
  );
}
