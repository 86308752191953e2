import { describe, expect, it } from 'vitest';
import { entryScriptOf, isChunkLoadError, shouldReloadFor } from './chunk-load.ts';

describe('chunk load failures', () => {
  it("tells Vite's and the browsers' import failures from other errors", () => {
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/AlertsPage-1.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });

  it('reads the main script a page names', () => {
    const html =
      '<head><script>var m=1</script><script type="module" crossorigin src="/assets/index-AbC1.js"></script></head>';
    expect(entryScriptOf(html)).toBe('/assets/index-AbC1.js');
    expect(entryScriptOf('<p>maintenance</p>')).toBeNull();
  });

  it('reloads only for another version, and only once for it', () => {
    expect(shouldReloadFor('/assets/index-1.js', '/assets/index-2.js', null)).toBe(true);
    expect(shouldReloadFor('/assets/index-1.js', '/assets/index-1.js', null)).toBe(false);
    expect(shouldReloadFor('/assets/index-1.js', '/assets/index-2.js', '/assets/index-2.js')).toBe(false);
    expect(shouldReloadFor('/assets/index-1.js', '/assets/index-3.js', '/assets/index-2.js')).toBe(true);
    expect(shouldReloadFor('/assets/index-1.js', null, null)).toBe(false);
  });
});
