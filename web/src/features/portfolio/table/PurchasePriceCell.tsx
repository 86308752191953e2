import {
  PORTFOLIO_TEXTS,
  formatPortfolioPrice,
  numberInputMessage,
  numberInputValue,
  readNumberInput,
  toDecimalString,
} from '@coinpace/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { userLocale } from '../../../lib/locale.ts';
import { savePurchasePrice } from '../portfolio-actions.ts';
import { showPortfolioMessage } from '../portfolio-store.ts';
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
  const shown = price > 0 ? formatPortfolioPrice(price) : PORTFOLIO_TEXTS.clickToAdd;
  return (
    <button
      ref={button}
      type="button"
      className="pf-cell-button"
      onClick={() => startPriceEdit(id)}
      // The name holds the text on the button (WCAG 2.5.3, label in name): speech users say what they see.
      aria-label={`Edit purchase price of ${symbol}, ${shown}`}
    >
      {price > 0 ? shown : <span className="pf-click-to-add">{shown}</span>}
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
  const locale = userLocale();
  const [text, setText] = useState(() =>
    price > 0 ? numberInputValue(toDecimalString(price) ?? '', locale) : '',
  );
  const [problem, setProblem] = useState<string | null>(null);
  const done = useRef(false);
  const errorId = useId();

  /**
   * Ends the edit, saving a readable price above 0. Text that is not such a price is never saved as
   * another number: Enter keeps the editor open with the message; leaving the field
   * puts the message in the error banner. An empty field saves nothing.
   */
  const finish = (save: boolean, how: 'key' | 'blur') => {
    if (done.current) return;
    const reading = readNumberInput(text, locale);
    const message = save && text.trim() !== '' ? numberInputMessage(PRICE_LABEL, text, locale) : null;
    if (message && how === 'key') {
      setProblem(message);
      return;
    }
    done.current = true;
    if (how === 'key') onKeyboardDone();
    stopPriceEdit();
    if (message) showPortfolioMessage('error', `${symbol} not saved. ${message}`);
    else if (save && reading.ok && reading.value > 0) void savePurchasePrice(id, reading.value);
  };

  return (
    <span className="pf-price-editor">
      <NumberInput
        className="input pf-price-input"
        autoFocus
        aria-label={`Purchase price of ${symbol} per coin`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        value={text}
        onChange={(next) => {
          setText(next);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            // Focus moves to the cell's button at once; without this the Enter's keypress would click it
            // and open the editor again.
            event.preventDefault();
            finish(true, 'key');
          } else if (event.key === 'Escape') {
            event.preventDefault();
            finish(false, 'key');
          }
        }}
        onBlur={() => finish(true, 'blur')}
      />
      {problem && (
        <span id={errorId} className="field-error pf-price-error" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}

const PRICE_LABEL = 'Purchase price';
