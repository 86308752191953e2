/**
 * SLOT for the live ticker (SPEC.md section 2, 'Ticker bar'). The live-prices work adds
 * `<TickerBar />` in web/src/features/prices/TickerBar.tsx; when it lands, render it here in place
 * of the placeholder below:
 *
 *   import { TickerBar } from '../prices/TickerBar.tsx';
 *   export function TickerSlot() { return <TickerBar />; }
 */
export function TickerSlot() {
  return (
    <div className="ticker-slot" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>Loading crypto prices...</span>
    </div>
  );
}
