import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog.tsx';

/** An opener button and a dialog it opens; `unmountWhenClosed` renders no Dialog at all once closed. */
function Harness({ busy = false, unmountWhenClosed = false }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <Dialog
      open={open}
      title="Test dialog"
      busy={busy}
      onClose={() => setOpen(false)}
      footer={<button type="button">Save</button>}
    >
      <input aria-label="Amount" />
      <input aria-label="Hidden file" tabIndex={-1} />
      <button type="button" disabled>
        Disabled
      </button>
    </Dialog>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {unmountWhenClosed ? open && dialog : dialog}
      <p data-testid="state">{open ? 'open' : 'closed'}</p>
    </>
  );
}

const dialogElement = () => document.querySelector('dialog')!;
const state = () => screen.getByTestId('state').textContent;

function openDialog() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Dialog', () => {
  afterEach(() => cleanup());

  it('wraps Tab and Shift+Tab around its own tab stops', () => {
    render(<Harness />);
    openDialog();
    const close = screen.getByRole('button', { name: 'Close' });
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    const save = screen.getByRole('button', { name: 'Save' });

    save.focus();
    fireEvent.keyDown(save, { key: 'Tab' });
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);

    // In the middle, Tab is left to the browser.
    amount.focus();
    const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    amount.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(amount);
  });

  it('closes on Escape (the cancel event) and gives focus back to the opener', () => {
    render(<Harness />);
    const opener = openDialog();
    screen.getByRole('textbox', { name: 'Amount' }).focus();
    act(() => {
      dialogElement().dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(state()).toBe('closed');
    expect(dialogElement().open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus back when its owner unmounts it while open', () => {
    render(<Harness unmountWhenClosed />);
    const opener = openDialog();
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.click(close);
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stays open on Escape while busy', () => {
    render(<Harness busy />);
    openDialog();
    act(() => {
      dialogElement().dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(state()).toBe('open');
  });

  it('tells its owner when the browser closes it, or reopens while busy', () => {
    const { unmount } = render(<Harness />);
    const opener = openDialog();
    screen.getByRole('textbox', { name: 'Amount' }).focus();
    act(() => dialogElement().close());
    expect(state()).toBe('closed');
    expect(document.activeElement).toBe(opener);
    unmount();

    render(<Harness busy />);
    openDialog();
    const showModal = vi.spyOn(dialogElement(), 'showModal');
    act(() => dialogElement().close());
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialogElement().open).toBe(true);
    expect(state()).toBe('open');
  });
});
