import { useRef, type ReactNode } from 'react';

/**
 * A button that opens the file chooser for one CSV file (the hidden input stays out of the tab order; the
 * button is the keyboard's way in). The input is cleared after each choice, so the same file can be
 * chosen again.
 */
export function FileChooser({
  children,
  inputLabel,
  disabled,
  busy = false,
  onFile,
}: {
  children: ReactNode;
  /** The hidden input's accessible name ('CSV file'). */
  inputLabel: string;
  disabled: boolean;
  busy?: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        onClick={() => input.current?.click()}
      >
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        aria-label={inputLabel}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
