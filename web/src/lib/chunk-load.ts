/**
 * When a screen's code cannot be loaded (the network is down, or a deploy renamed the chunks this
 * tab still asks for): telling such a failure from a bug, loading the failed style sheets again for
 * a retry, and reloading the page once when a new version has been deployed.
 */
import { STORAGE_KEYS } from './storage-keys.ts';

/** True for the errors a failed lazy import rejects with (Vite's CSS preload, or the import itself). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Unable to preload CSS|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Load failed/i.test(
    message,
  );
}

/**
 * Adds again every style sheet link that failed to load, and waits for them. Vite's loader marks a
 * sheet as seen even when it failed and never asks for it again, so a retried import would run
 * without its styles. Rejects when one still cannot load.
 */
export function reloadFailedStyleSheets(doc: Document = document): Promise<void> {
  const failed = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.sheet === null,
  );
  return Promise.all(
    failed.map(
      (old) =>
        new Promise<void>((resolve, reject) => {
          const link = old.cloneNode() as HTMLLinkElement;
          link.addEventListener('load', () => resolve());
          link.addEventListener('error', () => {
            link.remove();
            reject(new Error(`Unable to preload CSS for ${old.href}`));
          });
          old.replaceWith(link);
        }),
    ),
  ).then(() => undefined);
}

/** The main script a page of the app names: it changes with every deploy that changes any chunk. */
export function entryScriptOf(html: string): string | null {
  const tag = /<script\b[^>]*\btype="module"[^>]*>/i.exec(html)?.[0];
  return tag ? (/\bsrc="([^"]+)"/.exec(tag)?.[1] ?? null) : null;
}

/**
 * Whether to reload for `deployed`, the main script the server names now: only when it differs from
 * this page's and the tab has not reloaded for that version already (a second failure after a reload
 * is not a deploy, and another reload would loop).
 */
export function shouldReloadFor(
  current: string | null,
  deployed: string | null,
  reloadedFor: string | null,
): boolean {
  return current !== null && deployed !== null && current !== deployed && reloadedFor !== deployed;
}

/**
 * Listens for Vite's `vite:preloadError`: when the server now serves another version of the app, the
 * page reloads once to get it. Otherwise (offline, server down) the error goes on to the route's error
 * boundary, which offers a retry. Returns the function that stops listening.
 */
export function reloadOnNewVersion(win: Window = window): () => void {
  let checking = false;
  const onError = () => {
    if (checking || !win.navigator.onLine) return;
    checking = true;
    void checkVersion(win).finally(() => {
      checking = false;
    });
  };
  win.addEventListener('vite:preloadError', onError);
  return () => win.removeEventListener('vite:preloadError', onError);
}

async function checkVersion(win: Window): Promise<void> {
  const current = win.document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  let html: string;
  try {
    const response = await win.fetch('/', { cache: 'no-store', headers: { accept: 'text/html' } });
    if (!response.ok) return;
    html = await response.text();
  } catch {
    return; // the server cannot be reached: nothing new to load, the retry is the way back
  }
  const deployed = entryScriptOf(html);
  const currentSrc = current ? new URL(current.src, win.location.href).pathname : null;
  const deployedSrc = deployed ? new URL(deployed, win.location.href).pathname : null;
  let reloadedFor: string | null;
  try {
    reloadedFor = win.sessionStorage.getItem(STORAGE_KEYS.reloadedForVersion);
  } catch {
    return; // without storage a reload could not be kept from looping
  }
  if (!shouldReloadFor(currentSrc, deployedSrc, reloadedFor)) return;
  try {
    win.sessionStorage.setItem(STORAGE_KEYS.reloadedForVersion, deployedSrc!);
  } catch {
    return;
  }
  win.location.reload();
}
