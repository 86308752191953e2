/**
 * Runs before every web test file. The web suites share one module graph per worker (re-importing React,
 * the router and happy-dom for each file cost more than the tests), so what a file leaves in the app's
 * stores and in browser storage would otherwise meet the next file. Every zustand store the app creates
 * is recorded with its initial state and put back to it, and storage is emptied, before each file starts.
 */
import { beforeAll, vi } from 'vitest';
import type * as Zustand from 'zustand';

type Reset = () => void;
// On globalThis: this file is evaluated again for each test file, the stores' module only once.
const registry = globalThis as { __coinpaceStoreResets?: Set<Reset> };
const resets = (registry.__coinpaceStoreResets ??= new Set<Reset>());

vi.mock('zustand', async (importOriginal) => {
  const zustand = await importOriginal<typeof Zustand>();
  const create = ((initializer?: Zustand.StateCreator<unknown>) => {
    if (!initializer) return create;
    const useStore = zustand.create(initializer);
    resets.add(() => useStore.setState(useStore.getInitialState(), true));
    return useStore;
  }) as typeof zustand.create;
  return { ...zustand, create };
});

beforeAll(() => {
  for (const reset of resets) reset();
  // The build's own test runs in Node, with no browser around it.
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
});
