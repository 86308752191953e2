import {
  PORTFOLIO_TEXTS,
  formatNumberInput,
  formatPortfolioPrice,
  parseNumberInput,
  toDecimalString,
} from '@coinpace/domain';
import { useEffect, useRef, useState } from 'react';
import { savePurchasePrice } from '../portfolio-actions.ts';
import { startPriceEdit, stopPriceEdit, useTable } from '../table-store.ts';

/**
 * The purchase price, edited in place (SPEC.md section 4): click to edit; Enter or leaving the field
 * saves the per-coin price, Escape cancels. 'Click to add' while the price is 0. After Enter or Escape
 * the keyboard focus is back on the cell, so a keyboard user keeps their place in the table.
 */
export function PurchasePriceCell({ id, symbol, price }: { id: string; symbol: string; price: number }) {
  const editing = useTable((s) => s.editingPriceId === id);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [editing]);
  if (editing) {
    return (
      <PriceEditor id={id} symbol={symbol} price={price} onKeyboardDone={() => (refocus.current = true)} />
    );
  }
  return (
    <button
      ref={button}
      type="button"
      className="pf-cell-button"
      onClick={() => startPriceEdit(id)}
      aria-label={`Edit purchase price of ${symbol}`}
    >
      {price > 0 ? (
        formatPortfolioPrice(price)
      ) : (
        <span className="pf-click-to-add">{PORTFOLIO_TEXTS.clickToAdd}</span>
      )}
    </button>
  );
}

function PriceEditor({
  id,
  symbol,
  price,
  onKeyboardDone,
}: {
  id: string;
  symbol: string;
  price: number;
  /** Called when Enter or Escape ends the edit (not a blur). */
  onKeyboardDone: () => void;
}) {
  const [text, setText] = useState(() => (price > 0 ? formatNumberInput(toDecimalString(price) ?? '') : ''));
  const done = useRef(false);

  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    stopPriceEdit();
    const value = parseNumberInput(text);
    if (save && value > 0) void savePurchasePrice(id, value);
  };

  return (
    <input
      className="input pf-price-input"
      inputMode="decimal"
      autoFocus
      aria-label={`Purchase price of ${symbol} per coin`}
      value={text}
      onChange={(event) => setText(formatNumberInput(event.target.value))}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          // Focus moves to the cell's button at once; without this the Enter's keypress would click it
          // and open the editor again.
          event.preventDefault();
          onKeyboardDone();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          onKeyboardDone();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}
