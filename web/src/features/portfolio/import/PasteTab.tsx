import { useState } from 'react';
import { importPastedText } from './import-store.ts';

/** 'Paste Wallet Data': a 15-row text area and 'Process Wallet Data'. */
export function PasteTab({ disabled, onShowHelp }: { disabled: boolean; onShowHelp: () => void }) {
  const [text, setText] = useState('');
  return (
    <div>
      <div className="field">
        <label htmlFor="paste-data">Paste your wallet or exchange data</label>
        <textarea
          id="paste-data"
          className="textarea"
          rows={15}
          value={text}
          placeholder={'Bitcoin, BTC, 0.5, 48500\nEthereum, ETH, 2.25, 7650'}
          onChange={(event) => setText(event.target.value)}
        />
        <span className="hint">
          Copy the balances table from your exchange or wallet and paste it here, or type one coin per line:
          name, SYMBOL, quantity, value in USD.
        </span>
      </div>
      <div className="pf-help-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={disabled}
          onClick={() => void importPastedText(text)}
        >
          Process Wallet Data
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onShowHelp}>
          How to copy from your exchange or wallet
        </button>
      </div>
    </div>
  );
}
