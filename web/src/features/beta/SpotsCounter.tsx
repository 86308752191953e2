import { BETA_MESSAGES } from '@coinpace/domain';
import { useBetaSpots } from './beta-store.ts';
import './spots.css';

/** 'n of m spots left' with a bar, or 'Beta signup is full' (SPEC.md section 2). */
export function SpotsCounter() {
  const { status, count, remaining } = useBetaSpots();
  if (status === 'idle' || (status === 'loading' && count + remaining === 0)) {
    return (
      <p className="spots muted" role="status">
        <span className="spinner" aria-hidden="true" /> Checking available spots...
      </p>
    );
  }
  if (status === 'error' && count + remaining === 0) {
    return (
      <p className="spots muted" role="status">
        Spots could not be counted right now.
      </p>
    );
  }
  if (remaining <= 0) {
    return (
      <p className="spots spots-full" role="status">
        {BETA_MESSAGES.full}
      </p>
    );
  }
  const total = count + remaining;
  return (
    <div className="spots" role="status">
      <p>
        <strong className="num">{remaining}</strong> of <span className="num">{total}</span> spots remaining
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label="Beta spots taken"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={count}
      >
        <span style={{ width: `${Math.min(100, (count / total) * 100)}%` }} />
      </div>
    </div>
  );
}
