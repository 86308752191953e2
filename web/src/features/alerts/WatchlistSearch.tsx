import { SEARCH_UNREACHABLE_TEXT, formatPercent } from '@coinpace/domain';
import { useMoney } from '../currency/currency-store.ts';
import { useState } from 'react';
import { useCoinSearch } from '../portfolio/add-coin/use-coin-search.ts';
import type { WatchCoin } from './alert-form.ts';

/**
 * The 'Watch List' tab: search a coin and pick it. The search is the Add Coin modal's (SPEC.md section
 * 5: 2+ characters, debounced 500 ms, cached per query), so both say the same when prices cannot be reached.
 */
export function WatchlistSearch({
  selected,
  onSelect,
}: {
  selected: WatchCoin | null;
  onSelect: (coin: WatchCoin) => void;
}) {
  const [query, setQuery] = useState('');
  const { results, searching, unreachable, unpriced } = useCoinSearch(query);
  const typed = query.trim().length >= 2;
  // In the display currency, the one a price alert is typed in.
  const money = useMoney();

  return (
    <>
      <div className="field">
        <label htmlFor="watch-search">Search coins</label>
        <input
          id="watch-search"
          className="input"
          type="search"
          autoComplete="off"
          placeholder="Bitcoin, ETH, …"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <span className="hint" role="status">
          {!typed
            ? ''
            : searching
              ? 'Searching…'
              : unreachable
                ? SEARCH_UNREACHABLE_TEXT
                : results.length === 0
                  ? 'No coins found.'
                  : unpriced
                    ? 'Prices could not be fetched right now.'
                    : ''}
        </span>
      </div>
      {results.length > 0 && (
        <ul className="pick-list" aria-label="Search results">
          {results.map((coin) => (
            <li key={coin.id}>
              <button
                type="button"
                aria-pressed={selected?.id === coin.id}
                onClick={() =>
                  onSelect({
                    id: coin.id,
                    name: coin.name,
                    symbol: coin.symbol.toUpperCase(),
                    image: coin.image,
                    price: coin.current_price,
                  })
                }
              >
                <strong>{coin.symbol.toUpperCase()}</strong> <span className="muted">{coin.name}</span>
                <span className="price">
                  {coin.current_price > 0 ? money.price(coin.current_price) : 'No price data'}
                  {coin.price_change_percentage_24h !== null &&
                    ` ${formatPercent(coin.price_change_percentage_24h)}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {selected && (
        <p>
          Selected: <strong>{selected.symbol}</strong> {selected.name}
          {selected.price > 0 && ` · ${money.price(selected.price)}`}
        </p>
      )}
    </>
  );
}
