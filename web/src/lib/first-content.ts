/**
 * When the opened screen has drawn what it is there for (the portfolio: its first rows). Work the
 * screen does not need to draw, such as loading and connecting the Socket.IO client, waits for it, so
 * on a slow link it does not share the bandwidth, the connections and the CPU with the screen's own
 * code and data. A screen that draws its content later than its first render says so when its module
 * loads (`expectFirstContent`) and marks the moment (`markFirstContent`); any other screen counts as
 * drawn once its code has arrived.
 */

/** The longest wait for a screen that expects to mark its content (it may never render, or fail). */
const MAX_WAIT_MS = 3_000;

/** How long to wait for a frame before going on without one (a tab in the background draws none). */
const HIDDEN_TAB_WAIT_MS = 500;

let expected = false;
let marked = false;
let resolveDrawn: () => void = () => {};
const drawn = new Promise<void>((resolve) => {
  resolveDrawn = resolve;
});

/** Called by a screen's module: the page is not drawn before that screen marks it. */
export function expectFirstContent(): void {
  expected = true;
}

/** The screen's content is on the page. */
export function markFirstContent(): void {
  if (marked) return;
  marked = true;
  resolveDrawn();
}

/**
 * Settles once the screens' code (`routeLoaded`) has arrived and, if one of them expects to mark its
 * content, once it has (at most MAX_WAIT_MS later), and the browser has painted a frame after that.
 */
export async function afterFirstContent(routeLoaded: Promise<unknown>): Promise<void> {
  await routeLoaded;
  if (expected && !marked) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([drawn, new Promise<void>((resolve) => (timer = setTimeout(resolve, MAX_WAIT_MS)))]);
    clearTimeout(timer);
  }
  // After the next frame is painted; a tab in the background paints no frames, and does not wait for one.
  await new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, HIDDEN_TAB_WAIT_MS);
  });
}
