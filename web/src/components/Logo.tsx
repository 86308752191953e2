import { Link } from 'react-router-dom';

/** The Coinpace mark and name, linking home. */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="brand" aria-label="Coinpace home">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--accent)" />
        <path
          d="M8 21l5-6 4 3 7-9"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>Coinpace</span>
    </Link>
  );
}
