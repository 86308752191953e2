import { useId } from 'react';

/** A small 'i' button whose tooltip explains a figure; shown on hover and on keyboard focus. */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <span className="pf-tip">
      <button type="button" className="pf-tip-button" aria-label={`About ${label}`} aria-describedby={id}>
        i
      </button>
      <span role="tooltip" id={id} className="pf-tip-text">
        {text}
      </span>
    </span>
  );
}
