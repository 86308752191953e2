import {
  PORTFOLIO_TEXTS,
  formatPercent,
  formatPortfolioPrice,
  type CoinSearchResult,
} from '@coinpace/domain';
import { CoinAvatar } from '../table/CoinAvatar.tsx';

/** The search result list: name, symbol, price and 24h change (SPEC.md section 2, Add Coin modal). */
export function CoinResults({
  results,
  onChoose,
}: {
  results: CoinSearchResult[];
  onChoose: (coin: CoinSearchResult) => void;
}) {
  return (
    <ul className="pf-results" aria-label="Search results">
      {results.map((coin) => {
        const change = coin.price_change_percentage_24h;
        return (
          <li key={coin.id}>
            <button type="button" className="pf-result" onClick={() => onChoose(coin)}>
              <CoinAvatar image={coin.image} symbol={coin.symbol} />
              <span className="pf-result-name">
                <strong>{coin.name}</strong> <span className="muted">{coin.symbol.toUpperCase()}</span>
              </span>
              <span className="pf-result-price">
                {coin.current_price > 0
                  ? formatPortfolioPrice(coin.current_price)
                  : PORTFOLIO_TEXTS.noPriceData}
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
