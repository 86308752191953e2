import { createContext } from 'react';

/**
 * Called with a holding id each time its row renders. Unset in the app; tests and the render benchmark
 * provide it to count which rows a price tick re-renders.
 */
export const RowRenderProbe = createContext<((holdingId: string) => void) | null>(null);
