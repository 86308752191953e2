import {
  GAIN_LOSS_UNKNOWN_TEXT,
  MISSING_NUMBER,
  PORTFOLIO_TEXTS,
  formatPercent,
  formatQuantity,
} from '@coinpace/domain';
import { memo, useContext, useMemo, useState, type MouseEvent } from 'react';
import { ChevronIcon } from '../../../components/icons.tsx';
import { openDetail } from '../detail/detail-store.ts';
import { viewOf } from '../holding-views.ts';
import { usePortfolio } from '../portfolio-store.ts';
import { usePositionPrice } from '../position-prices.ts';
import { toggleSelected, useTable } from '../table-store.ts';
import { CoinAvatar } from './CoinAvatar.tsx';
import { PurchasePriceCell } from './PurchasePriceCell.tsx';
import { RowMenu } from './RowMenu.tsx';
import { RowRenderProbe } from './render-probe.ts';
import { useMoney } from '../../currency/currency-store.ts';

/**
 * One holding. It subscribes to its own row, its own position price and its own selection, so a price
 * tick re-renders only the rows of coins whose price changed.
 */
export const HoldingRow = memo(function HoldingRow({ id }: { id: string }) {
  const money = useMoney();
  const row = usePortfolio((s) => s.byId[id]);
  const position = usePositionPrice(id);
  const editMode = useTable((s) => s.editMode);
  const selected = useTable((s) => s.selected[id] === true);
  useContext(RowRenderProbe)?.(id);
  const view = useMemo(() => row && viewOf(row, position), [row, position]);
  const [open, setOpen] = useState(false);
  if (!view) return null;

  const priced = view.currentPrice > 0;
  const tone = (n: number) => (n > 0 ? 'pf-gain' : n < 0 ? 'pf-loss' : undefined);
  return (
    <tr
      role="row"
      aria-selected={editMode ? selected : undefined}
      data-holding={view.symbol}
      className={open ? 'pf-row-open' : undefined}
      onClick={(event) => {
        if (tapsRow(event)) setOpen((o) => !o);
      }}
    >
      {editMode && (
        <td role="cell" className="pf-select-col">
          <input
            type="checkbox"
            aria-label={`Select ${view.symbol}`}
            checked={selected}
            onChange={() => toggleSelected(id)}
          />
        </td>
      )}
      <td role="cell" className="pf-asset-col">
        <span className="pf-asset">
          <CoinAvatar image={view.image} symbol={view.symbol} />
          <span>
            <button
              type="button"
              className="link-button pf-detail-link"
              aria-label={`${view.symbol} transactions and details`}
              data-preload-dialog="detail"
              onClick={() => openDetail(id)}
            >
              <strong>{view.symbol}</strong>
            </button>{' '}
            {view.coingeckoId ? (
              <a
                className="pf-coin-link pf-coin-name"
                href={`https://www.coingecko.com/en/coins/${encodeURIComponent(view.coingeckoId)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {view.name}
              </a>
            ) : (
              <span className="muted pf-coin-name">{view.name}</span>
            )}
          </span>
        </span>
      </td>
      <td role="cell" className="num" data-label="Quantity">
        {formatQuantity(view.quantity)}
      </td>
      <td role="cell" className="num" data-cell="current-price" data-label="Current Price">
        {priced ? (
          money.price(view.currentPrice)
        ) : (
          <span className="muted">{PORTFOLIO_TEXTS.noPriceData}</span>
        )}
      </td>
      <td role="cell" className="num" data-label="Purchase Price">
        <PurchasePriceCell id={id} symbol={view.symbol} price={view.purchasePrice} />
      </td>
      <td role="cell" className="num" data-cell="balance" data-label="Balance">
        {money.amount(view.currentValue)}
      </td>
      {view.gainLossUnknown ? (
        // Not 0.00%: without both prices there is no gain or loss to show.
        <td role="cell" className="num" data-label="Gain/Loss" data-cell="gain-loss">
          <span aria-hidden="true">{MISSING_NUMBER}</span>
          <span className="pf-sub muted">{GAIN_LOSS_UNKNOWN_TEXT[view.gainLossUnknown]}</span>
        </td>
      ) : (
        <td
          role="cell"
          className={`num ${tone(view.gainLoss) ?? ''}`}
          data-label="Gain/Loss"
          data-cell="gain-loss"
        >
          {money.amount(view.gainLoss)}
          <span className="pf-sub">{formatPercent(view.gainLossPercent)}</span>
        </td>
      )}
      <td
        role="cell"
        className={`num ${view.change24h === null ? '' : (tone(view.change24h) ?? '')}`}
        data-cell="change"
        data-label="Change %"
      >
        {view.change24h === null ? '—' : formatPercent(view.change24h)}
      </td>
      <td role="cell" className="pf-actions-col">
        <RowMenu id={id} symbol={view.symbol} />
      </td>
      {/* On a phone the row is one line (coin, value, 24h); this shows the other figures under it. */}
      <td role="cell" className="pf-expand-col">
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-icon pf-expand"
          aria-expanded={open}
          aria-label={`Show ${view.symbol} details`}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronIcon />
        </button>
      </td>
    </tr>
  );
});

/**
 * A tap on a phone's one-line row, not on one of its controls, opens or closes it as its button does.
 * Wider screens show every figure, so a click there does nothing.
 */
function tapsRow(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (target.closest('button, a, input, select, label, [role="menu"]')) return false;
  return window.matchMedia?.(PHONE_ROWS).matches ?? false;
}

/** Where holdings are one-line rows (table.css). */
const PHONE_ROWS = '(max-width: 760px)';
