import { useId, type ReactNode } from 'react';

export interface FormFieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A labelled form field with an optional hint and error, wired for screen readers: the control
 * gets the id, aria-invalid and aria-describedby through `children(props)`.
 */
export function FormField({
  id: givenId,
  label,
  hint,
  error,
  children,
}: {
  /** The control's id; generated when not given. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: (props: FormFieldControlProps) => ReactNode;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
