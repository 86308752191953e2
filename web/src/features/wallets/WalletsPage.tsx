import { useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { ExchangeAccounts } from './ExchangeAccounts.tsx';
import { TrackedWallets } from './TrackedWallets.tsx';
import { WalletMark } from './WalletMark.tsx';
import { WALLET_OPTIONS, comingSoonText, findWalletOption, type WalletOption } from './wallet-options.ts';
import { disconnectWallet, shortenAddress, useWallets } from './wallets-store.ts';
import './wallets.css';

/** The wallets screen (SPEC.md section 2, 'Wallets screen'). */
export function WalletsPage() {
  const wallets = useWallets((s) => s.wallets);
  const [showOptions, setShowOptions] = useState(false);
  const [chosen, setChosen] = useState<WalletOption | null>(null);
  const optionsOpen = wallets.length === 0 || showOptions;

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Wallets</h1>
          <p>
            Wallets tracked by address are read on the server; browser wallet connections are kept in this
            browser only.
          </p>
        </div>
      </div>

      {wallets.length > 0 ? (
        <section className="card wallet-list-card" aria-labelledby="connected-title">
          <h2 id="connected-title">Connected wallets</h2>
          <ul className="wallet-list">
            {wallets.map((wallet) => {
              const option = findWalletOption(wallet.kind)!;
              return (
                <li key={wallet.id}>
                  <WalletMark option={option} />
                  <span className="wallet-list-name">
                    <strong>{wallet.name}</strong>
                    <span className="wallet-address num" title={wallet.address}>
                      {shortenAddress(wallet.address)}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="btn btn-danger btn-sm"
                    onClick={() => disconnectWallet(wallet.id)}
                    aria-label={`Disconnect ${wallet.name} ${shortenAddress(wallet.address)}`}
                  >
                    Disconnect
                  </button>
                </li>
              );
            })}
          </ul>
          {!showOptions && (
            <button
              type="button"
              className="btn"
              onClick={() => setShowOptions(true)}
              aria-controls="wallet-options"
            >
              Connect Another Wallet
            </button>
          )}
        </section>
      ) : (
        <p className="muted wallet-empty">No wallets connected yet. Choose one below.</p>
      )}

      {optionsOpen && (
        <section id="wallet-options" className="wallet-options" aria-labelledby="options-title">
          <h2 id="options-title">{wallets.length > 0 ? 'Connect Another Wallet' : 'Connect a wallet'}</h2>
          <div className="wallet-grid">
            {WALLET_OPTIONS.map((option) => (
              <button
                key={option.kind}
                type="button"
                className="wallet-option"
                onClick={() => setChosen(option)}
              >
                <WalletMark option={option} />
                <span>
                  <strong>{option.name}</strong>
                  <span className="muted">{option.description}</span>
                </span>
              </button>
            ))}
          </div>
        </section>
      )}

      <TrackedWallets />

      <ExchangeAccounts />

      <Dialog
        open={chosen !== null}
        title="Coming Soon!"
        onClose={() => setChosen(null)}
        footer={
          <button type="button" className="btn btn-primary" onClick={() => setChosen(null)}>
            OK
          </button>
        }
      >
        {chosen && (
          <div className="coming-soon">
            <WalletMark option={chosen} />
            <p>{comingSoonText(chosen.name)}</p>
          </div>
        )}
      </Dialog>
    </>
  );
}
