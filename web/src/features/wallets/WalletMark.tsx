import type { WalletOption } from './wallet-options.ts';

/** A wallet's coloured mark with its initials (decorative; the name is always shown beside it). */
export function WalletMark({ option }: { option: Pick<WalletOption, 'mark' | 'color'> }) {
  return (
    <span className="wallet-mark" style={{ background: option.color }} aria-hidden="true">
      {option.mark}
    </span>
  );
}
