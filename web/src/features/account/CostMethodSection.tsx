import type { CostMethod } from '@coinpace/domain';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { useUserSetting } from './user-setting.ts';

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
  {
    value: 'lifo',
    label: 'Last in, first out (LIFO)',
    hint: 'A sale takes the newest coins first, at what they cost.',
  },
  {
    value: 'hifo',
    label: 'Highest cost first (HIFO)',
    hint: 'A sale takes the coins that cost the most first.',
  },
];

/**
 * The cost method setting: how realised gain/loss and a holding's cost are worked out,
 * saved with PATCH /api/users/me as soon as it is chosen (useUserSetting).
 */
export function CostMethodSection() {
  const { value: method, saving, saved, error, clearError, choose } = useUserSetting('costMethod');

  return (
    <section className="card account-section" aria-labelledby="cost-method-title">
      <h2 id="cost-method-title">Cost method</h2>
      <p className="muted">How realised gain/loss and what a holding cost are worked out.</p>
      <ErrorBanner message={error} onClose={clearError} />
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
