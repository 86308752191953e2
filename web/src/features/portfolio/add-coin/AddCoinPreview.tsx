import { formatPercent } from '@coinpace/domain';
import { useMoney } from '../../currency/currency-store.ts';
import type { AddCoinPreview as Preview } from './add-coin-form.ts';

/**
 * The preview: purchase price per coin, total investment, current value, gain/loss with percent, in the
 * display currency at the latest rate (the price is typed in dollars, the record is kept in them).
 */
export function AddCoinPreview({ preview }: { preview: Preview }) {
  const money = useMoney();
  const tone = preview.gainLoss === null ? '' : preview.gainLoss >= 0 ? 'pf-gain' : 'pf-loss';
  return (
    <dl className="pf-preview" aria-label="Preview">
      <dt>Purchase price per coin</dt>
      <dd>{money.previewPrice(preview.pricePerCoin)}</dd>
      <dt>Total investment</dt>
      <dd>{money.amount(preview.totalInvestment)}</dd>
      <dt>Current value</dt>
      <dd>{preview.currentValue === null ? 'No price data' : money.amount(preview.currentValue)}</dd>
      <dt>Gain/Loss</dt>
      <dd className={tone}>
        {preview.gainLoss === null
          ? '—'
          : `${money.amount(preview.gainLoss)} (${formatPercent(preview.gainLossPercent ?? 0)})`}
      </dd>
    </dl>
  );
}
