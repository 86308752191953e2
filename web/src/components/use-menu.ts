import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';

/** Which item gets focus when the menu opens. */
type OpenFocus = 'first' | 'last';

/**
 * Keyboard and pointer behaviour of a button that opens a list of items (a menu, or a disclosed list of
 * links), after the WAI-ARIA menu button pattern: Enter, Space or ArrowDown on the button opens it on
 * the first item, ArrowUp on the last; ArrowUp/ArrowDown/Home/End move between items and Tab moves on
 * as usual; Escape closes it and puts focus back on the button; a pointer press or focus outside closes it.
 *
 * @param itemSelector which elements inside the menu are its items, e.g. '[role="menuitem"]' or 'a'
 */
export function useMenu<B extends HTMLElement = HTMLButtonElement, M extends HTMLElement = HTMLElement>(
  itemSelector: string,
) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<B>(null);
  const menuRef = useRef<M>(null);
  const focusOnOpen = useRef<OpenFocus | null>(null);

  const items = useCallback(
    () => [...(menuRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? [])],
    [itemSelector],
  );
  const show = useCallback((focus: OpenFocus) => {
    focusOnOpen.current = focus;
    setOpen(true);
  }, []);
  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useLayoutEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const list = items();
    (focusOnOpen.current === 'first' ? list[0] : list[list.length - 1])?.focus();
    focusOnOpen.current = null;
  }, [open, items]);

  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) =>
      target instanceof Node && (menuRef.current?.contains(target) || buttonRef.current?.contains(target));
    const onPointer = (event: PointerEvent) => {
      if (!inside(event.target)) close();
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(inside(document.activeElement) === true);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  const buttonProps = {
    ref: buttonRef,
    'aria-expanded': open,
    onClick: () => (open ? close() : show('first')),
    onKeyDown: (event: KeyboardEvent<B>) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 'first' : 'last');
    },
  };

  const menuProps = {
    ref: menuRef,
    onKeyDown: (event: KeyboardEvent<M>) => {
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      const to = {
        ArrowDown: (at + 1) % list.length,
        ArrowUp: (at - 1 + list.length) % list.length,
        Home: 0,
        End: list.length - 1,
      }[event.key];
      if (to === undefined || list.length === 0) return;
      event.preventDefault();
      list[to]?.focus();
    },
    // Tab past the last item (or Shift+Tab past the first) leaves the menu: it closes. A blur with no
    // new focus (a click on a spot that takes none, or Safari's click on a button) is left to onPointer.
    onBlur: (event: FocusEvent<M>) => {
      const next = event.relatedTarget;
      if (next && !menuRef.current?.contains(next) && !buttonRef.current?.contains(next)) close();
    },
  };

  return { open, close, buttonProps, menuProps };
}
