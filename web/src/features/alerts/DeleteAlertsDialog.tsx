import type { AlertView } from '@coinpace/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { alertLabel } from './alert-ui.ts';

/**
 * Asks before alerts are deleted, in the app's own dialog rather than the browser's confirm:
 * which alerts, and that their history goes with them only in name.
 */
export function DeleteAlertsDialog({
  alerts,
  onConfirm,
  onClose,
}: {
  /** The alerts to delete; null when the dialog is closed. */
  alerts: AlertView[] | null;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const names = (alerts ?? []).map(alertLabel);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={alerts !== null}
      title={names.length > 1 ? `Delete ${names.length} alerts?` : 'Delete alert?'}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p>
        {names.length <= 10
          ? names.join(', ')
          : `${names.slice(0, 10).join(', ')} and ${names.length - 10} more`}{' '}
        will no longer notify you. Their past firings stay in Recent alert activity. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
