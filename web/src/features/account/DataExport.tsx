import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { DATA_EXPORT_ANCHOR, downloadAccountData, useAccountExport } from './account-export.ts';

/** The Account screen's 'Download your data' section: everything Coinpace keeps about the account, in one file. */
export function DataExport() {
  const { busy, error } = useAccountExport();
  return (
    <section id={DATA_EXPORT_ANCHOR} className="card account-section" aria-labelledby="export-title">
      <h2 id="export-title">Download your data</h2>
      <p className="muted">
        One ZIP file with your profile, settings, holdings, transactions, alerts and their history, alert
        channels, exchange accounts (never their API keys), wallets and invoices.
      </p>
      <ErrorBanner message={error} onClose={() => useAccountExport.setState({ error: null })} />
      <button type="button" className="btn" disabled={busy} onClick={() => void downloadAccountData()}>
        {busy ? 'Preparing...' : 'Download my data'}
      </button>
    </section>
  );
}
