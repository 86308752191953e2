import { lazyDialog } from '../../components/LazyDialog.tsx';
import { closeAddCoin, useAddCoin } from './add-coin/add-coin-store.ts';
import { closeDetail, useDetail } from './detail/detail-store.ts';
import { closeImport, useImport } from './import/import-state.ts';
import { usePortfolio } from './portfolio-store.ts';

/**
 * The portfolio's larger dialogs, whose code is not needed to draw the table: each loads when first
 * opened, or when what opens it is pointed at, touched or focused (`data-preload-dialog` with the key
 * here). Opened before its code is here, a dialog shows its title and a spinner.
 */
export const PORTFOLIO_DIALOGS = {
  addCoin: lazyDialog(
    () => import('./add-coin/AddCoinModal.tsx').then((m) => m.AddCoinModal),
    () => ({ open: useAddCoin((s) => s.open), title: 'Add Coin', onClose: closeAddCoin }),
  ),
  import: lazyDialog(
    () => import('./import/ImportModal.tsx').then((m) => m.ImportModal),
    () => ({ open: useImport((s) => s.open), title: 'Import Portfolio', onClose: closeImport, wide: true }),
  ),
  detail: lazyDialog(
    () => import('./detail/HoldingDetail.tsx').then((m) => m.HoldingDetail),
    () => {
      const holdingId = useDetail((s) => s.holdingId);
      const row = usePortfolio((s) => (holdingId ? s.byId[holdingId] : undefined));
      return {
        open: holdingId !== null && row !== undefined,
        title: row ? `${row.symbol} · ${row.name}` : 'Holding',
        onClose: closeDetail,
        wide: true,
      };
    },
  ),
};
