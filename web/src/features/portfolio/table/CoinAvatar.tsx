import { useState } from 'react';

/** The coin's picture (see coinImageFor), or its symbol's first letters when there is none or it fails. */
export function CoinAvatar({ image, symbol }: { image: string | null; symbol: string }) {
  const [failed, setFailed] = useState(false);
  if (!image || failed) {
    return (
      <span className="pf-avatar pf-avatar-placeholder" aria-hidden="true">
        {symbol.slice(0, 3)}
      </span>
    );
  }
  return (
    <img
      className="pf-avatar"
      src={image}
      alt=""
      width={28}
      height={28}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}
