import type { WalletView } from '@coinpace/domain';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { otherWallets, requestAddress, walletsForOption, type BrowserWallet } from './browser-wallets.ts';
import { ProveButton } from './ProveButton.tsx';
import { addWallet } from './tracked-wallets.ts';
import { useBrowserWallets } from './use-browser-wallets.ts';
import { WalletMark } from './WalletMark.tsx';
import { WALLET_OPTIONS, byHandText, type WalletOption } from './wallet-options.ts';
import { shortenAddress } from './wallets-store.ts';

interface Connected {
  wallet: WalletView;
  browser: BrowserWallet;
}

/**
 * The Wallets screen's wallet options (SPEC.md section 2). An option whose wallet this browser has
 * connects: the wallet is asked for its account, and the address is tracked like one pasted by hand
 * (then it can be proved with a signature). An option this browser lacks says how to add the address
 * by hand. Wallets of this browser that no option names are offered too.
 */
export function ConnectWallets({ onAdded }: { onAdded: () => void }) {
  const browserWallets = useBrowserWallets();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState<Connected | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [byHand, setByHand] = useState<WalletOption | null>(null);
  const others = otherWallets(
    WALLET_OPTIONS.map((o) => o.kind),
    browserWallets,
  );

  async function connect(browser: BrowserWallet, label: string) {
    setError(null);
    setNote(null);
    setConnected(null);
    setBusy(browser.id);
    try {
      const address = await requestAddress(browser);
      const wallet = await addWallet({ label, address });
      setNote(`${label} ${shortenAddress(wallet.address)} is tracked. Its first refresh is running.`);
      setConnected({ wallet, browser });
      onAdded();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  function choose(option: WalletOption) {
    const found = walletsForOption(option.kind, browserWallets)[0];
    if (found) void connect(found, option.name);
    else setByHand(option);
  }

  function addByHand() {
    setByHand(null);
    // After the dialog gives focus back, move it to the field the address goes in.
    setTimeout(() => document.getElementById('wallet-address')?.focus(), 50);
  }

  const status = (found: BrowserWallet | undefined, fallback: string) =>
    found ? (busy === found.id ? `Waiting for ${found.name}…` : 'In this browser: connect') : fallback;

  return (
    <section id="wallet-options" className="wallet-options" aria-labelledby="options-title">
      <h2 id="options-title">Connect a wallet</h2>
      <p className="muted">
        Connecting reads only your wallet&apos;s public address and tracks it. Coinpace never asks for
        anything that can move funds.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {note && (
        <p role="status" className="saved-note wallet-connected-note">
          {note}{' '}
          {connected && connected.browser.chain === 'evm' && !connected.wallet.verified && (
            <ProveButton
              wallet={connected.wallet}
              browser={connected.browser}
              onProved={(wallet) => {
                setConnected(null);
                setNote(`${wallet.label} ${shortenAddress(wallet.address)} is verified as yours.`);
                onAdded();
              }}
              onError={setError}
            />
          )}
        </p>
      )}
      <div className="wallet-grid">
        {WALLET_OPTIONS.map((option) => {
          const found = walletsForOption(option.kind, browserWallets)[0];
          return (
            <button
              key={option.kind}
              type="button"
              className="wallet-option"
              disabled={busy !== null}
              onClick={() => choose(option)}
            >
              <WalletMark option={option} />
              <span>
                <strong>{option.name}</strong>
                <span className="muted">{status(found, option.description)}</span>
              </span>
            </button>
          );
        })}
        {others.map((browser) => (
          <button
            key={browser.id}
            type="button"
            className="wallet-option"
            disabled={busy !== null}
            onClick={() => void connect(browser, browser.name)}
          >
            {browser.icon ? (
              <img className="wallet-mark" src={browser.icon} alt="" width={40} height={40} />
            ) : (
              <WalletMark option={{ mark: browser.name.slice(0, 2).toUpperCase(), color: '#4b5563' }} />
            )}
            <span>
              <strong>{browser.name}</strong>
              <span className="muted">{status(browser, '')}</span>
            </span>
          </button>
        ))}
      </div>

      <Dialog
        open={byHand !== null}
        title={byHand ? `${byHand.name} is not in this browser` : 'Add the address by hand'}
        onClose={() => setByHand(null)}
        footer={
          <>
            <button type="button" className="btn" onClick={() => setByHand(null)}>
              Not now
            </button>
            <button type="button" className="btn btn-primary" onClick={addByHand}>
              Add the address by hand
            </button>
          </>
        }
      >
        {byHand && (
          <div className="coming-soon">
            <WalletMark option={byHand} />
            <p>{byHandText(byHand)}</p>
          </div>
        )}
      </Dialog>
    </section>
  );
}
