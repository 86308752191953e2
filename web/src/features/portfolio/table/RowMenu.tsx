import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { reportHolding } from '../portfolio-actions.ts';
import { requestDelete } from '../table-store.ts';

const MENU_WIDTH = 200;

/**
 * The row menu (SPEC.md section 2): Add Alert, Report Error, Delete. The menu is drawn in a portal
 * at a fixed position: rows contain their own layout and paint (see portfolio.css), so a menu inside
 * a row would be cut off.
 */
export function RowMenu({ id, symbol }: { id: string; symbol: string }) {
  const [position, setPosition] = useState<CSSProperties | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const open = position !== null;

  useEffect(() => {
    if (!open) return;
    const close = () => setPosition(null);
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [open]);

  useLayoutEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const toggle = () => {
    if (open) {
      setPosition(null);
      return;
    }
    const rect = button.current!.getBoundingClientRect();
    const left = Math.max(8, Math.min(rect.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - 8));
    setPosition({ position: 'fixed', top: rect.bottom + 4, left, width: MENU_WIDTH });
  };

  const choose = (action: () => void) => () => {
    setPosition(null);
    action();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-sm btn-icon"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Actions for ${symbol}`}
        onClick={toggle}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open &&
        createPortal(
          <div
            ref={menu}
            className="menu pf-row-menu"
            role="menu"
            aria-label={`Actions for ${symbol}`}
            style={position}
          >
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
          </div>,
          document.body,
        )}
    </>
  );
}
