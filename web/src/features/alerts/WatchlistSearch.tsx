import { formatPercent, formatPortfolioPrice, type CoinSearchResult } from '@coinpace/domain';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import type { WatchCoin } from './alert-form.ts';
import { searchCoins } from './alerts-api.ts';

/** SPEC.md section 5: search needs 2+ characters, debounced 500 ms, results cached per query. */
const MIN_QUERY = 2;
const DEBOUNCE_MS = 500;
const cache = new Map<string, CoinSearchResult[]>();

/** The 'Watch List' tab: search a coin and pick it. */
export function WatchlistSearch({
  selected,
  onSelect,
}: {
  selected: WatchCoin | null;
  onSelect: (coin: WatchCoin) => void;
}) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<CoinSearchResult[]>([]);
  const [state, setState] = useState<'idle' | 'searching' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);
  /** The query the shown results answer. */
  const [answered, setAnswered] = useState('');
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const text = query.trim().toLowerCase();
    if (text.length < MIN_QUERY) {
      setResults([]);
      return;
    }
    const hit = cache.get(text);
    if (hit) {
      setResults(hit);
      setAnswered(text);
      return;
    }
    const timer = setTimeout(() => {
      controller.current?.abort();
      controller.current = new AbortController();
      setState('searching');
      searchCoins(text, controller.current.signal)
        .then((coins) => {
          cache.set(text, coins);
          setResults(coins);
          setAnswered(text);
          setState('idle');
        })
        .catch((e: unknown) => {
          if ((e as Error).name === 'AbortError') return;
          setError(errorMessage(e));
          setState('error');
        });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

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
          {state === 'searching'
            ? 'Searching…'
            : state === 'idle' && answered === query.trim().toLowerCase() && results.length === 0
              ? 'No coins found.'
              : ''}
        </span>
        {state === 'error' && <span className="field-error">Search failed: {error}</span>}
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
                  {coin.current_price > 0 ? formatPortfolioPrice(coin.current_price) : 'No price data'}
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
          {selected.price > 0 && ` · ${formatPortfolioPrice(selected.price)}`}
        </p>
      )}
    </>
  );
}
