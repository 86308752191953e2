import { formatPercent, formatPreviewPrice, formatUsd } from '@coinpace/domain';
import type { AddCoinPreview as Preview } from './add-coin-form.ts';

/** The preview: purchase price per coin, total investment, current value, gain/loss with percent. */
export function AddCoinPreview({ preview }: { preview: Preview }) {
  const tone = preview.gainLoss === null ? '' : preview.gainLoss >= 0 ? 'pf-gain' : 'pf-loss';
  return (
    <dl className="pf-preview" aria-label="Preview">
      <dt>Purchase price per coin</dt>
      <dd>{formatPreviewPrice(preview.pricePerCoin)}</dd>
      <dt>Total investment</dt>
      <dd>{formatUsd(preview.totalInvestment)}</dd>
      <dt>Current value</dt>
      <dd>{preview.currentValue === null ? 'No price data' : formatUsd(preview.currentValue)}</dd>
      <dt>Gain/Loss</dt>
      <dd className={tone}>
        {preview.gainLoss === null
          ? '—'
          : `${formatUsd(preview.gainLoss)} (${formatPercent(preview.gainLossPercent ?? 0)})`}
      </dd>
    </dl>
  );
}
