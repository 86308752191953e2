import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, searchCoins, searchKey, type CoinSearch } from './coin-search.ts';

/** What a search box shows: the answer for its query, and whether that answer is still coming. */
export interface CoinSearchState extends CoinSearch {
  searching: boolean;
}

const NONE: CoinSearch = { results: [], unreachable: false, unpriced: false };

/** Results for a query typed in a search box, fetched SEARCH_DEBOUNCE_MS after the last keystroke. */
export function useCoinSearch(query: string): CoinSearchState {
  const [state, setState] = useState<{ key: string | null; search: CoinSearch }>({ key: null, search: NONE });
  const key = searchKey(query);

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchCoins(key, controller.signal).then(
        (search) => setState({ key, search }),
        () => {},
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  if (!key) return { ...NONE, searching: false };
  return state.key === key ? { ...state.search, searching: false } : { ...NONE, searching: true };
}
