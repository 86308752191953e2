import type { ReactNode } from 'react';

const icon = (d: string): ReactNode => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

const FEATURES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Live portfolio value',
    text: 'Prices stream in as the market moves. Value, gain/loss and 24h change update on their own, every coin and the total.',
    icon: icon('M3 17l6-6 4 4 8-8M15 7h6v6'),
  },
  {
    title: 'Import in a minute',
    text: 'Upload a CSV or paste from Binance, Coinbase, Kraken, MetaMask and more. Coinpace recognises the common formats.',
    icon: icon('M12 3v12m0 0l-4-4m4 4l4-4M4 17v2a2 2 0 002 2h12a2 2 0 002-2v-2'),
  },
  {
    title: 'Price and percentage alerts',
    text: 'Set a price above or below, or a gain or loss on one holding, every coin, or the whole portfolio.',
    icon: icon('M6 8a6 6 0 0112 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 003.4 0'),
  },
  {
    title: 'E-mail and SMS, once',
    text: 'An alert is delivered once when its line is crossed, then re-armed on the schedule you choose: hourly to weekly.',
    icon: icon('M4 4h16v12H5.2L4 17.2V4zM8 9h8M8 12h5'),
  },
  {
    title: 'Your keys stay yours',
    text: 'Coinpace never asks for private keys or recovery phrases, and clears anything that looks like one from your browser.',
    icon: icon('M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7l8-4zM9 12l2 2 4-4'),
  },
  {
    title: 'Simple monthly plans',
    text: 'Three tiers that differ only by how many alerts you get. Upgrade, downgrade or cancel at any time.',
    icon: icon('M3 7h18M3 12h18M3 17h10'),
  },
];

/** What Coinpace does, in six cards. */
export function FeatureGrid() {
  return (
    <section id="features" className="section" aria-labelledby="features-title">
      <div className="section-head">
        <p className="eyebrow">Why Coinpace</p>
        <h2 id="features-title">Everything you need to watch your holdings, nothing you don&apos;t</h2>
      </div>
      <div className="feature-grid">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="card feature-card">
            <span className="feature-icon">{feature.icon}</span>
            <h3>{feature.title}</h3>
            <p className="muted">{feature.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
