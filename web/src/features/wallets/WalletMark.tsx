/** A wallet's coloured mark with its initials (decorative; the name is always shown beside it). */
export function WalletMark({ option }: { option: { mark: string; color: string } }) {
  return (
    <span className="wallet-mark" style={{ background: option.color }} aria-hidden="true">
      {option.mark}
    </span>
  );
}
