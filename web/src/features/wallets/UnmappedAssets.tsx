import { ZSearchResponse, type CoinSearchResult } from '@coinpace/domain';
import { useState, type FormEvent } from 'react';
import { api, errorMessage } from '../../lib/api-client.ts';
import { mapAsset, type ShownAccount } from './exchange-accounts.ts';

/**
 * An exchange account's asset codes its syncs could not map to a coin ("2 assets not recognised"): the
 * user searches the coin each is and picks it; the account then reads its history again and imports the
 * movements that waited.
 */
export function UnmappedAssets({ account, onMapped }: { account: ShownAccount; onMapped: () => void }) {
  const [asset, setAsset] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<CoinSearchResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const count = account.unmappedAssets.length;
  if (count === 0) return null;

  const start = (code: string) => {
    setAsset(code);
    setQuery(code);
    setResults(null);
    setError(null);
  };

  async function search(event: FormEvent) {
    event.preventDefault();
    if (query.trim().length < 2) {
      setError('Type at least 2 characters.');
      return;
    }
    setError(null);
    try {
      const answer = ZSearchResponse.parse(
        await api<unknown>(`/api/search?query=${encodeURIComponent(query.trim())}`),
      );
      setResults(answer.coins.slice(0, 10));
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  async function choose(coin: CoinSearchResult) {
    if (!asset) return;
    setBusy(true);
    setError(null);
    try {
      await mapAsset(account.id, asset, coin.id);
      setAsset(null);
      setResults(null);
      onMapped();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="exchange-unmapped">
      <summary>
        {count} {count === 1 ? 'asset' : 'assets'} not recognised
      </summary>
      <p className="muted">
        Their movements wait until you choose the coin each one is; the account then syncs again and imports
        them.
      </p>
      <ul>
        {account.unmappedAssets.map((code) => (
          <li key={code}>
            <strong>{code}</strong>{' '}
            {asset === code ? (
              <form className="exchange-unmapped-search" onSubmit={search} aria-busy={busy}>
                <label htmlFor={`unmapped-${account.id}-${code}`}>Coin for {code}</label>
                <input
                  id={`unmapped-${account.id}-${code}`}
                  className="input input-sm"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                />
                <button type="submit" className="btn btn-sm">
                  Search
                </button>
                {results && results.length === 0 && <p className="muted">No coins found.</p>}
                {results && results.length > 0 && (
                  <ul aria-label={`Coins for ${code}`}>
                    {results.map((coin) => (
                      <li key={coin.id}>
                        <button
                          type="button"
                          className="btn btn-sm"
                          disabled={busy}
                          onClick={() => void choose(coin)}
                        >
                          {coin.name} ({coin.symbol.toUpperCase()})
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </form>
            ) : (
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => start(code)}
                aria-label={`Choose the coin for ${code}`}
              >
                Choose the coin
              </button>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </details>
  );
}
