import { formatNumberInput, typeNumberInput } from '@coinpace/domain';
import { useRef, type ComponentPropsWithRef } from 'react';
import { userLocale } from '../lib/locale.ts';

export interface NumberInputProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'value' | 'onChange' | 'type' | 'inputMode'
> {
  /** The text shown, as the user typed it (with the locale's separators). */
  value: string;
  /** Called with the text to show after each keystroke, and once more on blur with the tidied number. */
  onChange: (text: string) => void;
}

/**
 * A number field: thousands separators appear while the user types digits and the text
 * is read by the user's locale (comma decimals included, domain `readNumberInput`); nothing typed is
 * dropped, so unreadable text stays for the form's message to explain. A prefilled value is selected
 * when the field gets the focus, so typing replaces it instead of appending to it.
 */
export function NumberInput({
  value,
  onChange,
  onFocus,
  onBlur,
  onMouseUp,
  className,
  ...rest
}: NumberInputProps) {
  // Chromium and WebKit collapse a selection made on focus at the mouseup of the click that focused.
  const selectedOnFocus = useRef(false);
  return (
    <input
      {...rest}
      className={className ?? 'input'}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(typeNumberInput(value, event.target.value, userLocale()))}
      onFocus={(event) => {
        if (event.currentTarget.value !== '') {
          event.currentTarget.select();
          selectedOnFocus.current = true;
        }
        onFocus?.(event);
      }}
      onMouseUp={(event) => {
        if (selectedOnFocus.current) {
          selectedOnFocus.current = false;
          event.preventDefault();
        }
        onMouseUp?.(event);
      }}
      onBlur={(event) => {
        selectedOnFocus.current = false;
        const tidy = formatNumberInput(value, userLocale());
        if (tidy !== value) onChange(tidy);
        onBlur?.(event);
      }}
    />
  );
}
