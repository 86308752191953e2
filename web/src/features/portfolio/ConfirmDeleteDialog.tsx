import { useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
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
    <Dialog
      open={pending !== null}
      title={pending && pending.length > 1 ? `Delete ${pending.length} holdings?` : 'Delete holding?'}
      onClose={cancelDelete}
      busy={busy}
      footer={
        <>
          <button type="button" className="btn" onClick={cancelDelete} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Deleting...' : 'Delete'}
          </button>
        </>
      }
    >
      <p>
        {symbols.length <= 10
          ? symbols.join(', ')
          : `${symbols.slice(0, 10).join(', ')} and ${symbols.length - 10} more`}{' '}
        will be removed from your portfolio. This cannot be undone.
      </p>
    </Dialog>
  );
}
