import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { Dialog } from './Dialog.tsx';
import { DIALOG_LOAD_FAILED, lazyDialog, preloadDialogsOnIntent } from './LazyDialog.tsx';

/** A load the test settles by hand, counting how often it was started. */
function controlledLoad() {
  const control = {
    started: 0,
    resolve: (_: ComponentType) => {},
    reject: (_: Error) => {},
    load: () => {
      control.started += 1;
      return new Promise<ComponentType>((resolve, reject) => {
        control.resolve = resolve;
        control.reject = reject;
      });
    },
  };
  return control;
}

const useOpen = create<{ open: boolean }>(() => ({ open: false }));
const close = () => useOpen.setState({ open: false });

/** The real dialog, as a dialog module would export it: it reads its store and renders its own Dialog. */
function RealDialog() {
  const open = useOpen((s) => s.open);
  return (
    <Dialog open={open} title="Add Coin" onClose={close}>
      <input aria-label="Search coins" />
    </Dialog>
  );
}

function setup() {
  const control = controlledLoad();
  const LazyAdd = lazyDialog(control.load, () => ({
    open: useOpen((s) => s.open),
    title: 'Add Coin',
    onClose: close,
  }));
  render(
    <>
      <button type="button" data-preload-dialog="add" onClick={() => useOpen.setState({ open: true })}>
        Open
      </button>
      <LazyAdd />
    </>,
  );
  return { control, LazyAdd };
}

afterEach(() => {
  cleanup();
  useOpen.setState({ open: false });
});

describe('lazyDialog', () => {
  it('loads nothing until opened, shows a loading dialog while its code loads, then the real dialog', async () => {
    const { control } = setup();
    expect(control.started).toBe(0);
    expect(document.querySelector('dialog')).toBeNull();

    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    expect(control.started).toBe(1);
    const loading = screen.getByRole('dialog', { name: 'Add Coin' });
    expect(loading.querySelector('[role="status"] [aria-label="Loading"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Search coins' })).toBeNull();

    await act(async () => control.resolve(RealDialog));
    expect(screen.getByRole('textbox', { name: 'Search coins' })).toBeTruthy();
    expect(document.querySelectorAll('dialog')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(useOpen.getState().open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('closes from its loading state with Escape, and focus goes back to the opener', () => {
    setup();
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const loading = screen.getByRole('dialog', { name: 'Add Coin' });
    fireEvent(loading, new Event('cancel', { cancelable: true }));
    expect(useOpen.getState().open).toBe(false);
    expect(document.querySelector('dialog[open]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('says when its code could not load, and Try again loads it afresh', async () => {
    const { control } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await act(async () => control.reject(new Error('Failed to fetch dynamically imported module')));
    expect(screen.getByRole('alert').textContent).toContain(DIALOG_LOAD_FAILED);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await act(async () => {});
    expect(control.started).toBe(2);
    await act(async () => control.resolve(RealDialog));
    expect(screen.getByRole('textbox', { name: 'Search coins' })).toBeTruthy();
  });

  it('starts loading on intent, and a dialog whose code has arrived opens at once', async () => {
    const { control, LazyAdd } = setup();
    const stop = preloadDialogsOnIntent(document.body, { add: LazyAdd });
    const opener = screen.getByRole('button', { name: 'Open' });
    fireEvent.focusIn(opener);
    fireEvent.pointerOver(opener);
    expect(control.started).toBe(1);
    await act(async () => control.resolve(RealDialog));

    fireEvent.click(opener);
    expect(screen.getByRole('textbox', { name: 'Search coins' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    stop();
  });
});
