import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { openDetail } from '../detail/detail-store.ts';
import { PORTFOLIO_DIALOGS } from '../portfolio-dialogs.tsx';
import { requestDelete, requestReport, useTable } from '../table-store.ts';

/** The menu is in a portal, outside the page's own intent listener: its Transactions item preloads the view. */
const preloadDetail = () => void PORTFOLIO_DIALOGS.detail.preload().catch(() => {});

const MENU_WIDTH = 200;
/** About the menu's height (four items): below the button when this fits, else above it. */
const MENU_HEIGHT = 180;

/**
 * The row menu (SPEC.md section 2): Transactions (the holding's detail view), Add Alert,
 * Report Error, Delete. The menu is drawn in a portal
 * at a fixed position: rows contain their own layout and paint (see portfolio.css), so a menu inside
 * a row would be cut off. Keyboard: Enter, Space or Arrow Down on the button opens it on the first item;
 * Arrow Up/Down, Home and End move between items; Escape and Tab close it; focus then goes back to the
 * button, as it does after choosing an item (a confirm dialog returns focus there when it closes).
 * Report Error opens a dialog where the user can say what is wrong before sending. While the holding's
 * report is being sent, Report Error reads 'Sending...' and is disabled (aria-disabled, so the arrow keys
 * still reach it); choosing it then does nothing.
 */
export function RowMenu({ id, symbol }: { id: string; symbol: string }) {
  const [position, setPosition] = useState<CSSProperties | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const reporting = useTable((s) => Boolean(s.reporting[id]));
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
    // The menu is drawn where its button was: it closes once the button has moved on the screen. A
    // scroll that leaves the button in place (the browser keeping the view steady while rows below are
    // laid out) does not close it.
    const openedAt = button.current?.getBoundingClientRect();
    const onScroll = () => {
      const now = button.current?.getBoundingClientRect();
      if (
        !now ||
        !openedAt ||
        Math.abs(now.top - openedAt.top) > 1 ||
        Math.abs(now.left - openedAt.left) > 1
      ) {
        close();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', close);
    };
  }, [open]);

  useLayoutEffect(() => {
    if (open) menuItems(menu.current)[0]?.focus();
  }, [open]);

  const close = () => {
    setPosition(null);
    button.current?.focus();
  };

  const toggle = () => {
    if (open) {
      setPosition(null);
      return;
    }
    const rect = button.current!.getBoundingClientRect();
    const left = Math.max(8, Math.min(rect.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - 8));
    // A row near the bottom of the screen (a phone's last card) opens its menu upwards: a menu running
    // off the screen could not be reached, since scrolling closes it.
    const below = rect.bottom + 4 + MENU_HEIGHT <= window.innerHeight;
    setPosition(
      below
        ? { position: 'fixed', top: rect.bottom + 4, left, width: MENU_WIDTH }
        : {
            position: 'fixed',
            top: 'auto',
            bottom: window.innerHeight - rect.top + 4,
            left,
            width: MENU_WIDTH,
          },
    );
  };

  const choose = (action: () => void) => () => {
    close();
    action();
  };

  const onMenuKey = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menu.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const target =
      event.key === 'ArrowDown'
        ? items[(at + 1) % items.length]
        : event.key === 'ArrowUp'
          ? items[(at - 1 + items.length) % items.length]
          : event.key === 'Home'
            ? items[0]
            : event.key === 'End'
              ? items[items.length - 1]
              : undefined;
    if (target) {
      event.preventDefault();
      target.focus();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      close();
    }
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
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            toggle();
          }
        }}
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
            onKeyDown={onMenuKey}
          >
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              onPointerEnter={preloadDetail}
              onFocus={preloadDetail}
              onClick={choose(() => openDetail(id))}
            >
              Transactions
            </button>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              onClick={choose(() => navigate(`/alerts?coin=${encodeURIComponent(symbol)}`))}
            >
              Add Alert
            </button>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              aria-disabled={reporting || undefined}
              onClick={choose(() => {
                if (!reporting) requestReport(id);
              })}
            >
              {reporting ? 'Sending...' : 'Report Error'}
            </button>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
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

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}
