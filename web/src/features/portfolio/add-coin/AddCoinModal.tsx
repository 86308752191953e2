import {
  SEARCH_UNREACHABLE_TEXT,
  heldCoinHint,
  numberInputValue,
  toDecimalString,
  type CoinSearchResult,
} from '@coinpace/domain';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../components/Dialog.tsx';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { userLocale } from '../../../lib/locale.ts';
import { useMoney } from '../../currency/currency-store.ts';
import { describedBy, useDollarEquivalent } from '../../currency/dollar-equivalent.ts';
import { addCoin } from '../portfolio-actions.ts';
import { usePortfolio } from '../portfolio-store.ts';
import { closeAddCoin, useAddCoin } from './add-coin-store.ts';
import { checkAddCoin, previewAddCoin } from './add-coin-form.ts';
import { AddCoinPreview } from './AddCoinPreview.tsx';
import { CoinResults } from './CoinResults.tsx';
import { MIN_QUERY_LENGTH } from './coin-search.ts';
import { useCoinSearch } from './use-coin-search.ts';

/** The Add Coin modal (SPEC.md section 2 and 5). */
export function AddCoinModal() {
  const open = useAddCoin((s) => s.open);
  return open ? <AddCoinForm /> : null;
}

function AddCoinForm() {
  const [query, setQuery] = useState('');
  const [coin, setCoin] = useState<CoinSearchResult | null>(null);
  const [quantity, setQuantityText] = useState('');
  const [purchasePrice, setPriceText] = useState('');
  /** The price field holds today's price, filled in when the coin was chosen (not typed). */
  const [prefilled, setPrefilled] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A message about what was filled in goes away as soon as the user changes it.
  const setQuantity = (text: string) => {
    setQuantityText(text);
    setError(null);
  };
  const setPurchasePrice = (text: string) => {
    if (text !== purchasePrice) setPrefilled(false);
    setPriceText(text);
    setError(null);
  };
  const [adding, setAdding] = useState(false);
  const { results, searching, unreachable, unpriced } = useCoinSearch(coin ? '' : query);
  const draft = { coin, quantity, purchasePrice };
  const locale = userLocale();
  const preview = previewAddCoin(draft, locale);
  const priceInDisplay = useDollarEquivalent(purchasePrice, 'price');
  const money = useMoney();
  const holdings = usePortfolio((s) => s.holdings);
  const heldQuantity = (symbol: string) =>
    holdings.find((h) => h.symbol.toUpperCase() === symbol.toUpperCase())?.quantity;
  const chosenHeld = coin ? heldQuantity(coin.symbol) : undefined;

  const quantityInput = useRef<HTMLInputElement>(null);
  // Choosing a result removes the list it was in: the keyboard goes on to the quantity.
  const chosenId = coin?.id;
  useEffect(() => {
    if (chosenId) quantityInput.current?.focus();
  }, [chosenId]);

  const choose = (chosen: CoinSearchResult) => {
    setCoin(chosen);
    setError(null);
    if (!purchasePrice && chosen.current_price > 0) {
      setPriceText(numberInputValue(toDecimalString(chosen.current_price) ?? '', locale));
      setPrefilled(true);
    }
  };

  const submit = async () => {
    const check = checkAddCoin(draft, locale);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setAdding(true);
    setError(null);
    try {
      await addCoin(check.payload);
      closeAddCoin();
    } catch (failure) {
      setError(errorMessage(failure));
      setAdding(false);
    }
  };

  return (
    <Dialog
      open
      title="Add Coin"
      onClose={closeAddCoin}
      busy={adding}
      footer={
        <>
          <button type="button" className="btn" onClick={closeAddCoin} disabled={adding}>
            Cancel
          </button>
          <button type="submit" form="add-coin-form" className="btn btn-primary" disabled={adding}>
            {adding ? 'Adding...' : 'Add Coin'}
          </button>
        </>
      }
    >
      <form
        id="add-coin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {error && (
          <div className="banner banner-error" role="alert">
            <div className="banner-body">{error}</div>
          </div>
        )}
        {coin ? (
          <div className="pf-selected-coin" aria-label="Selected coin">
            <div>
              <strong>{coin.name}</strong> <span className="muted">{coin.symbol.toUpperCase()}</span>
              <div className="muted">
                {coin.current_price > 0 ? money.price(coin.current_price) : 'No price data'}
              </div>
              {chosenHeld !== undefined && (
                <div className="hint" data-testid="held-hint">
                  {heldCoinHint(coin.symbol, chosenHeld)}
                </div>
              )}
            </div>
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => setCoin(null)}>
              Change
            </button>
          </div>
        ) : (
          <div className="field">
            <label htmlFor="coin-search">Search for a coin</label>
            <input
              id="coin-search"
              className="input"
              type="search"
              autoFocus
              autoComplete="off"
              placeholder="Bitcoin, ETH, ..."
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setError(null);
              }}
            />
            <span className="hint" aria-live="polite">
              {query.trim().length < MIN_QUERY_LENGTH
                ? `Type at least ${MIN_QUERY_LENGTH} characters`
                : searching
                  ? 'Searching...'
                  : unreachable
                    ? SEARCH_UNREACHABLE_TEXT
                    : results.length === 0
                      ? 'No coins found'
                      : `${results.length} result${results.length === 1 ? '' : 's'}${unpriced ? ' (prices could not be fetched right now)' : ''}`}
            </span>
            <CoinResults results={results} onChoose={choose} heldQuantity={heldQuantity} />
          </div>
        )}
        <div className="pf-form-row">
          <div className="field">
            <label htmlFor="coin-quantity">Quantity</label>
            <NumberInput ref={quantityInput} id="coin-quantity" value={quantity} onChange={setQuantity} />
          </div>
          <div className="field">
            <label htmlFor="coin-price">Purchase Price per coin (USD)</label>
            <NumberInput
              id="coin-price"
              value={purchasePrice}
              onChange={setPurchasePrice}
              aria-describedby={describedBy(
                prefilled && 'coin-price-hint',
                priceInDisplay && 'coin-price-fx',
              )}
            />
            {priceInDisplay && (
              <span id="coin-price-fx" className="hint">
                {priceInDisplay}
              </span>
            )}
            {prefilled && (
              <span id="coin-price-hint" className="hint">
                Today&apos;s price; type to replace it.
              </span>
            )}
          </div>
        </div>
        {preview && <AddCoinPreview preview={preview} />}
      </form>
    </Dialog>
  );
}
