import type { FieldCheck } from '@coinpace/domain';
import { useState } from 'react';

/**
 * The state of a small form of text fields checked before sending with the server's own rules
 * (`check`, usually `checkFields` with the route's schema): values, the message of each field, and
 * `validate()`, which shows the problems and focuses the first field (in `initial`'s order) that has one.
 *
 * @param idOf the element id of a field's control
 */
export function useCheckedForm<F extends string, T>(
  initial: Record<F, string>,
  check: (values: Record<F, string>) => FieldCheck<T>,
  idOf: (field: F) => string,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  const set = (field: F, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  /** The checked data to send, or null after showing what is wrong. */
  const validate = (): T | null => {
    const result = check(values);
    if (result.ok) {
      setErrors({});
      return result.data;
    }
    setErrors(result.errors as Partial<Record<F, string>>);
    const first = (Object.keys(initial) as F[]).find((field) => result.errors[field]);
    if (first) document.getElementById(idOf(first))?.focus();
    return null;
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  return { values, errors, set, validate, reset };
}
