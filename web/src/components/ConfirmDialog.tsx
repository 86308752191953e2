import type { ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';

/**
 * A question before something that cannot be undone (a delete), in the app's own dialog rather than the
 * browser's confirm: Cancel and a danger button, both disabled while `busy`.
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  /** The danger button: 'Delete'. */
  confirmLabel: string;
  /** The danger button while busy: 'Deleting...'. */
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
