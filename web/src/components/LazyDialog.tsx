import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { reloadFailedStyleSheets } from '../lib/chunk-load.ts';
import { Dialog } from './Dialog.tsx';

/** What the stand-in dialog shows while the real one's code loads. */
export interface LoadingDialogView {
  /** Whether the dialog's owner has it open (its store). */
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  wide?: boolean;
}

export const DIALOG_LOAD_FAILED = 'This dialog could not load. Check your connection and try again.';

/** A dialog whose code loads when it is first opened (or earlier, through `preload`). */
export type LazyDialogComponent = ComponentType & { preload: () => Promise<unknown> };

/**
 * A dialog whose code is not part of its screen's first load. Until it is opened it renders nothing and
 * costs nothing; opened before its code has arrived, it shows a dialog with its title and a spinner
 * (Escape and the close button work as in the real one), replaced by the real dialog once its code is
 * here, which then renders as before. A load that fails says so in that dialog, with Try again.
 * `preload` starts the load early, on the user's intent (`preloadDialogsOnIntent` below).
 */
export function lazyDialog(
  load: () => Promise<ComponentType>,
  useView: () => LoadingDialogView,
): LazyDialogComponent {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  let failedBefore = false;
  const preload = (): Promise<ComponentType> => {
    pending ??= (async () => {
      if (failedBefore) await reloadFailedStyleSheets();
      return load();
    })().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null;
        failedBefore = true;
        throw error;
      },
    );
    return pending;
  };

  function LazyDialog() {
    const view = useView();
    const [, setArrived] = useState(0);
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    const Loaded = loaded;
    useEffect(() => {
      if (loaded || !view.open) return;
      let current = true;
      preload().then(
        () => current && setArrived((n) => n + 1),
        () => current && setFailed(true),
      );
      return () => {
        current = false;
      };
    }, [view.open, attempt]);
    if (Loaded) return <Loaded />;
    if (!view.open) return null;
    return (
      <Dialog open title={view.title} onClose={view.onClose} wide={view.wide}>
        {failed ? (
          <div className="banner banner-error" role="alert">
            <div className="banner-body">{DIALOG_LOAD_FAILED}</div>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => {
                setFailed(false);
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </button>
          </div>
        ) : (
          <div className="center-screen" role="status" style={{ minHeight: 120 }}>
            <span className="spinner spinner-lg" aria-label="Loading" />
          </div>
        )}
      </Dialog>
    );
  }
  return Object.assign(LazyDialog, { preload });
}

/**
 * Starts loading a dialog's code when the user shows the intent to open it: the pointer over, a finger
 * on or keyboard focus on an element marked `data-preload-dialog="<name>"` inside `root`. Returns a
 * function that stops listening.
 */
export function preloadDialogsOnIntent(
  root: HTMLElement,
  dialogs: Readonly<Record<string, { preload: () => Promise<unknown> }>>,
): () => void {
  const onIntent = (event: Event) => {
    const marked = event.target instanceof Element ? event.target.closest('[data-preload-dialog]') : null;
    const name = marked?.getAttribute('data-preload-dialog');
    if (name && Object.hasOwn(dialogs, name)) dialogs[name]!.preload().catch(() => {});
  };
  const kinds = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const kind of kinds) root.addEventListener(kind, onIntent, { passive: true });
  return () => {
    for (const kind of kinds) root.removeEventListener(kind, onIntent);
  };
}
