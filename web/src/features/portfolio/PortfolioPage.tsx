import { useEffect } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { useAuth } from '../auth/auth-store.ts';
import { loadPortfolio, usePortfolio } from './portfolio-store.ts';

/** The portfolio screen (SPEC.md section 2, 'Portfolio screen'). */
export function PortfolioPage() {
  const firstName = useAuth((s) => s.user?.firstName);
  const { status, holdings, error } = usePortfolio();

  useEffect(() => {
    void loadPortfolio();
  }, []);

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Welcome back, {firstName || 'Crypto Trader'}!</h1>
          <p>Track your portfolio and set up alerts</p>
        </div>
      </div>
      <ErrorBanner message={error} onClose={() => usePortfolio.setState({ error: null })} />
      {status === 'loading' && holdings.length === 0 ? (
        <div className="card center-screen" role="status" style={{ minHeight: 200 }}>
          <span className="spinner spinner-lg" aria-label="Loading portfolio" />
        </div>
      ) : holdings.length === 0 && status !== 'error' ? (
        <section className="card empty-state" aria-labelledby="empty-title">
          <h2 id="empty-title">Import Your Portfolio Holdings</h2>
          <p className="muted">
            Add coins one by one, or import a CSV export or text pasted from your exchange or wallet.
          </p>
          <p className="muted">
            Connected wallet: <strong>None</strong>
          </p>
        </section>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">Your holdings</caption>
            <thead>
              <tr>
                <th scope="col">Asset</th>
                <th scope="col" className="num">
                  Quantity
                </th>
                <th scope="col" className="num">
                  Purchase Price
                </th>
              </tr>
            </thead>
            <tbody>
              {holdings.map((h) => (
                <tr key={h.id}>
                  <td>
                    <strong>{h.symbol}</strong> <span className="muted">{h.name}</span>
                  </td>
                  <td className="num">{Number(h.quantity).toFixed(6)}</td>
                  <td className="num">
                    {Number(h.purchasePrice) > 0 ? `$${h.purchasePrice}` : 'Click to add'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
