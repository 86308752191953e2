import type { CoinSearchResult } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, searchCoins, searchKey } from './coin-search.ts';

/** Results for a query typed in the search box, fetched SEARCH_DEBOUNCE_MS after the last keystroke. */
export function useCoinSearch(query: string): { results: CoinSearchResult[]; searching: boolean } {
  const [state, setState] = useState<{ key: string | null; results: CoinSearchResult[] }>({
    key: null,
    results: [],
  });
  const key = searchKey(query);

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchCoins(key, controller.signal).then(
        (results) => setState({ key, results }),
        () => {},
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  if (!key) return { results: [], searching: false };
  return { results: state.key === key ? state.results : [], searching: state.key !== key };
}
