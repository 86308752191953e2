/**
 * The portfolio table's location filter: all holdings (null), those entered by hand (''), or those on
 * one exchange account or wallet (its id). The table keeps one row per coin; the filter only hides rows.
 */
import type { PortfolioLocations } from '@coinpace/domain';
import { create } from 'zustand';
import { api } from '../../lib/api-client.ts';

export interface LocationFilterState {
  /** Where each holding is, from the last read; null before it (or when it failed: nothing is hidden). */
  places: PortfolioLocations | null;
  location: string | null;
}

export const useLocationFilter = create<LocationFilterState>(() => ({ places: null, location: null }));

export function setLocation(location: string | null): void {
  useLocationFilter.setState({ location });
}

let request = 0;
/** Reads where every holding is again (after the portfolio changed). */
export async function loadLocations(): Promise<void> {
  const mine = ++request;
  try {
    const places = await api<PortfolioLocations>('/api/holding-locations');
    if (mine !== request) return;
    const { location } = useLocationFilter.getState();
    // An account or wallet deleted meanwhile is no filter any more.
    const known =
      location === null ||
      location === '' ||
      [...places.accounts, ...places.wallets].some((a) => a.id === location);
    useLocationFilter.setState({ places, location: known ? location : null });
  } catch {
    // Without the places the filter is not offered and every row shows.
  }
}

/** `ids` held at `location` (every id when no filter is set or the places are not known). */
export function idsAt(ids: string[], places: PortfolioLocations | null, location: string | null): string[] {
  if (location === null || !places) return ids;
  return ids.filter((id) => places.holdings[id]?.includes(location) ?? location === '');
}

export function resetLocationFilter(): void {
  request += 1;
  useLocationFilter.setState({ places: null, location: null });
}
