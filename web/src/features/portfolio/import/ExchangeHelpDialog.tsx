import { EXPORT_SOURCES, PORTFOLIO_TEXTS } from '@coinpace/domain';
import { Dialog } from '../../../components/Dialog.tsx';

type Source = (typeof EXPORT_SOURCES)[number];

const HOW_TO: Record<Source, string> = {
  Binance:
    'Wallet → Overview or Spot: select the balances table and copy it, or export a CSV from Orders → Export.',
  Coinbase: 'Assets: select your holdings list and copy it, or download a CSV from Reports → Statements.',
  Kraken: 'Portfolio → Balances: copy the table, or export a CSV from History → Export.',
  KuCoin: 'Assets → Overview: copy the account balances table, or export from Orders → Export.',
  Bybit: 'Assets → Spot: copy the coin list with balances, or export a CSV from the asset history.',
  MetaMask: 'Open the Tokens tab and copy the list of tokens with their balances.',
  Uniswap: 'Open the portfolio panel and copy the token list with balances.',
  Ledger: 'Ledger Live → Portfolio → Assets: copy the asset list, or export operations as CSV in Settings.',
  Trezor: 'Trezor Suite → Dashboard: copy the assets table, or export transactions as CSV.',
  Phantom: 'Open your token list and copy the tokens with their balances.',
};

/** The exchange-export help (SPEC.md section 2), with the 'Coming Soon' wallet-import notice. */
export function ExchangeHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="How to export your holdings" onClose={onClose} wide>
      <ul className="pf-sources">
        {EXPORT_SOURCES.map((source) => (
          <li key={source}>
            <strong>{source}</strong>
            <span className="muted">{HOW_TO[source]}</span>
          </li>
        ))}
      </ul>
      <div className="banner banner-info">
        <div className="banner-body">
          <span className="badge badge-accent">Coming Soon</span> {PORTFOLIO_TEXTS.walletImportComingSoon}
        </div>
      </div>
    </Dialog>
  );
}
