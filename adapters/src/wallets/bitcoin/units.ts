/** Integer base units (satoshis, lamports) as a decimal string of whole units, without trailing zeros. */
export function formatUnits(value: bigint | number, decimals: number): string {
  const big = BigInt(value);
  const negative = big < 0n;
  const abs = negative ? -big : big;
  const scale = 10n ** BigInt(decimals);
  const whole = (abs / scale).toString();
  const fraction = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
