/** Division of the decimals trade rows are read into. */
import { div, fromDecimal, toDecimal } from '../../transactions/fixed-point.ts';

/** a / b of two canonical decimals, rounded half up to 18 decimals (a price per coin from a total). */
export function divideDecimal(a: string, b: string): string {
  return toDecimal(div(fromDecimal(a), fromDecimal(b)));
}
