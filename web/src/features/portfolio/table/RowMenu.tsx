import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { reportHolding } from '../portfolio-actions.ts';
import { requestDelete } from '../table-store.ts';

/** The row menu (SPEC.md section 2): Add Alert, Report Error, Delete. */
export function RowMenu({ id, symbol }: { id: string; symbol: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div className="pf-row-menu" ref={ref}>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-icon"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Actions for ${symbol}`}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div className="menu" role="menu" aria-label={`Actions for ${symbol}`}>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={choose(() => navigate(`/alerts?coin=${encodeURIComponent(symbol)}`))}
          >
            Add Alert
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={choose(() => void reportHolding(id))}
          >
            Report Error
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu-item pf-danger"
            onClick={choose(() => requestDelete([id]))}
          >
            Delete
          </button>
        </div>
      )}
    </div>
  );
}
