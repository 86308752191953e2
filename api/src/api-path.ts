/**
 * How the API recognises its own paths: decoded, lower case, repeated slashes folded. The routers match
 * case (routers.ts), but `/API/x` is still the API's, a JSON 404 and never the web app, so the
 * site-password gate, the error renderer and the web-app fallback all look at a path this way.
 */
export function normaliseApiPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    /* keep the raw path */
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, '/');
}

/** Whether `path` is `/api` or below it (in any case), where answers are JSON and never the web app. */
export function isApiPath(path: string): boolean {
  // Asked of every request: a path with nothing to decode or fold only needs lower-casing.
  const normal = path.includes('%') || path.includes('//') ? normaliseApiPath(path) : path.toLowerCase();
  return normal === '/api' || normal.startsWith('/api/');
}
