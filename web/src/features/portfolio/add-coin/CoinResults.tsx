import { PORTFOLIO_TEXTS, formatPercent, heldCoinHint, type CoinSearchResult } from '@coinpace/domain';
import { useMoney } from '../../currency/currency-store.ts';
import { CoinAvatar } from '../table/CoinAvatar.tsx';

/**
 * The search result list: name, symbol, price (in the display currency) and 24h change (SPEC.md
 * section 2, Add Coin modal); a coin already held says so ('Held: 1 BTC — adding records a buy').
 */
export function CoinResults({
  results,
  onChoose,
  heldQuantity,
}: {
  results: CoinSearchResult[];
  onChoose: (coin: CoinSearchResult) => void;
  /** The quantity held of a symbol (upper case), when held: adding it records a buy. */
  heldQuantity?: (symbol: string) => string | undefined;
}) {
  const money = useMoney();
  return (
    <ul className="pf-results" aria-label="Search results">
      {results.map((coin) => {
        const change = coin.price_change_percentage_24h;
        const held = heldQuantity?.(coin.symbol.toUpperCase());
        return (
          <li key={coin.id}>
            <button type="button" className="pf-result" onClick={() => onChoose(coin)}>
              <CoinAvatar image={coin.image} symbol={coin.symbol} />
              <span className="pf-result-name">
                <strong>{coin.name}</strong> <span className="muted">{coin.symbol.toUpperCase()}</span>
                {held !== undefined && (
                  <span className="pf-result-held">{heldCoinHint(coin.symbol, held)}</span>
                )}
              </span>
              <span className="pf-result-price">
                {coin.current_price > 0 ? money.price(coin.current_price) : PORTFOLIO_TEXTS.noPriceData}
              </span>
              <span className={change === null ? 'muted' : change >= 0 ? 'pf-gain' : 'pf-loss'}>
                {change === null ? '—' : formatPercent(change)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
