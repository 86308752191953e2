import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** Hide the close button (e.g. while saving). */
  busy?: boolean;
  /** Accessible description id inside the body, if any. */
  describedBy?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** The elements Tab stops at inside `root`, in document order. */
export function tabStops(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert]'),
  );
}

/**
 * A modal on the native <dialog> element: the page behind is inert, Escape closes (unless busy), Tab and
 * Shift+Tab wrap around inside the dialog, and focus goes back to what had it before the dialog opened,
 * also when the dialog's owner unmounts it while open. If the browser closes the dialog on its own (an
 * Escape it does not let the page cancel), the owner is told through onClose, or the dialog reopens while
 * busy, so what is shown and the owner's state never disagree.
 */
export function Dialog({ open, title, onClose, children, footer, wide, busy, describedBy }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const restoreTo = useRef<HTMLElement | null>(null);
  // The latest props, for the native close event, which may arrive after a render.
  const latest = useRef({ open, busy, onClose });
  useEffect(() => {
    latest.current = { open, busy, onClose };
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      restoreTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open) {
      // Also after the browser closed it itself (see the close handler): focus goes back either way.
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      restoreFocus(restoreTo);
    }
  }, [open]);

  // Unmounted while open (the owner renders nothing once closed): focus still goes back.
  useEffect(() => () => restoreFocus(restoreTo), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const dialog = ref.current;
    if (event.key !== 'Tab' || !dialog) return;
    const stops = tabStops(dialog);
    const active = document.activeElement;
    if (stops.length === 0) {
      event.preventDefault();
      return;
    }
    const first = stops[0]!;
    const last = stops[stops.length - 1]!;
    const inside = active instanceof Node && dialog.contains(active);
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClose={() => {
        const { open: wanted, busy: isBusy, onClose: close } = latest.current;
        const dialog = ref.current;
        if (!wanted || !dialog) return;
        if (isBusy && typeof dialog.showModal === 'function') dialog.showModal();
        else close();
      }}
      onClick={(event) => {
        if (event.target === ref.current && !busy) onClose();
      }}
    >
      {open && (
        <>
          <div className="dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              aria-label="Close"
              onClick={onClose}
              disabled={busy}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          <div className="dialog-body">{children}</div>
          {footer && <div className="dialog-footer">{footer}</div>}
        </>
      )}
    </dialog>
  );
}

function restoreFocus(target: { current: HTMLElement | null }): void {
  const element = target.current;
  target.current = null;
  if (element?.isConnected) element.focus();
}
