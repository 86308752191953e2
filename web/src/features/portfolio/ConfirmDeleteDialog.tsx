import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { deleteHoldings } from './portfolio-actions.ts';
import { usePortfolio } from './portfolio-store.ts';
import { cancelDelete, selectNone, useTable } from './table-store.ts';

/** The confirm prompt before a delete (row menu Delete and Delete Selected). */
export function ConfirmDeleteDialog() {
  const pending = useTable((s) => s.pendingDelete);
  const byId = usePortfolio((s) => s.byId);
  const [busy, setBusy] = useState(false);
  const symbols = (pending ?? []).map((id) => byId[id]?.symbol).filter(Boolean);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    await deleteHoldings(pending);
    setBusy(false);
    selectNone();
    cancelDelete();
  };

  return (
    <ConfirmDialog
      open={pending !== null}
      title={pending && pending.length > 1 ? `Delete ${pending.length} holdings?` : 'Delete holding?'}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={cancelDelete}
    >
      <p>
        {symbols.length <= 10
          ? symbols.join(', ')
          : `${symbols.slice(0, 10).join(', ')} and ${symbols.length - 10} more`}{' '}
        will be removed from your portfolio. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
