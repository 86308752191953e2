import type { HoldingRow } from '@coinpace/domain';
import { useMoney } from '../currency/currency-store.ts';
import type { AlertForm } from './alert-form.ts';

/** The 'My Portfolio' tab: tick holdings, or all coins, or the whole portfolio (mutually exclusive). */
export function PortfolioPicker({
  form,
  holdings,
  onChange,
}: {
  form: AlertForm;
  holdings: readonly HoldingRow[];
  onChange: (change: Partial<AlertForm>) => void;
}) {
  // In the display currency, the one a price alert is typed in.
  const money = useMoney();
  if (holdings.length === 0) {
    return (
      <p className="muted">
        Your portfolio is empty. Add coins on the Portfolio screen, or use the Watch List tab.
      </p>
    );
  }
  const toggle = (id: string) =>
    onChange({
      holdings: form.holdings.includes(id) ? form.holdings.filter((h) => h !== id) : [...form.holdings, id],
      allCoins: false,
      wholePortfolio: false,
    });
  return (
    <>
      <div className="checks" style={{ marginBottom: 'var(--space-3)' }}>
        <label>
          <input
            type="checkbox"
            checked={form.allCoins}
            onChange={(e) => onChange({ allCoins: e.target.checked, wholePortfolio: false, holdings: [] })}
          />
          All coins
        </label>
        <label>
          <input
            type="checkbox"
            checked={form.wholePortfolio}
            onChange={(e) => onChange({ wholePortfolio: e.target.checked, allCoins: false, holdings: [] })}
          />
          Whole portfolio
        </label>
      </div>
      <fieldset
        className="pick-list"
        aria-label="Coins in your portfolio"
        disabled={form.allCoins || form.wholePortfolio}
      >
        {holdings.map((h) => (
          <label key={h.id}>
            <input type="checkbox" checked={form.holdings.includes(h.id)} onChange={() => toggle(h.id)} />
            <strong>{h.symbol}</strong> <span className="muted">{h.name}</span>
            <span className="price">
              {h.currentPrice > 0 ? money.price(h.currentPrice) : 'No price data'}
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
