const ROWS = [
  { symbol: 'BTC', name: 'Bitcoin', value: '$31,420.00', change: '+2.41%', up: true },
  { symbol: 'ETH', name: 'Ethereum', value: '$12,873.15', change: '+1.12%', up: true },
  { symbol: 'SOL', name: 'Solana', value: '$3,920.40', change: '-0.86%', up: false },
];

/** An illustration of the portfolio screen with made-up figures, labelled as an example. */
export function HeroPreview() {
  return (
    <figure className="hero-preview card" aria-labelledby="hero-preview-caption">
      <figcaption id="hero-preview-caption" className="preview-caption">
        Example portfolio
      </figcaption>
      <div className="preview-summary">
        <div>
          <span className="preview-label">Your Current Value</span>
          <strong className="preview-value num">$48,213.55</strong>
        </div>
        <span className="badge badge-gain num">+$3,402.10 (7.59%)</span>
      </div>
      <svg
        className="preview-chart"
        viewBox="0 0 320 90"
        role="img"
        aria-label="Value over the last 30 days, rising"
      >
        <defs>
          <linearGradient id="preview-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="var(--accent)" stopOpacity="0.28" />
            <stop offset="100%" stopColor="var(--accent)" stopOpacity="0" />
          </linearGradient>
        </defs>
        <path
          d="M0 70 L20 66 L40 68 L60 58 L80 61 L100 52 L120 55 L140 44 L160 47 L180 40 L200 42 L220 33 L240 36 L260 26 L280 28 L300 18 L320 14 L320 90 L0 90 Z"
          fill="url(#preview-fill)"
        />
        <path
          d="M0 70 L20 66 L40 68 L60 58 L80 61 L100 52 L120 55 L140 44 L160 47 L180 40 L200 42 L220 33 L240 36 L260 26 L280 28 L300 18 L320 14"
          fill="none"
          stroke="var(--accent)"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
      </svg>
      <ul className="preview-rows">
        {ROWS.map((row) => (
          <li key={row.symbol}>
            <span className="preview-coin" aria-hidden="true">
              {row.symbol.slice(0, 1)}
            </span>
            <span className="preview-name">
              <strong>{row.symbol}</strong>
              <span className="muted">{row.name}</span>
            </span>
            <span className="num">{row.value}</span>
            <span className={`num ${row.up ? 'gain' : 'loss'}`}>
              <span aria-hidden="true">{row.up ? '▲' : '▼'}</span> {row.change}
            </span>
          </li>
        ))}
      </ul>
      <div className="preview-alert" role="note">
        <span className="status-dot" aria-hidden="true" />
        Alert: BTC crossed above $64,000 — e-mail and SMS sent
      </div>
    </figure>
  );
}
