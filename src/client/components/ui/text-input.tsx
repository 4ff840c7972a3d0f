import type { ComponentProps } from 'react';
import { cx } from './class-names';

/** Whether the value was refused: sets `aria-invalid`, which draws a red border and an alert icon. */
export type InvalidProp = { invalid?: boolean };

/** `aria-invalid` from `invalid`, unless the caller set `aria-invalid` itself. */
export function invalidProps(invalid: boolean | undefined, ariaInvalid: ComponentProps<'input'>['aria-invalid']) {
  return { 'aria-invalid': ariaInvalid ?? (invalid ? true : undefined) };
}

/**
 * A one-line text field (`<input>`, `type="text"` unless given). Every prop of `<input>` passes
 * through (`ref`, `id`, `name`, `aria-*`). Full width of its container; add the class
 * `ui-input--auto` for the browser's own width.
 */
export function TextInput({ invalid, className, 'aria-invalid': ariaInvalid, type = 'text', ...props }: ComponentProps<'input'> & InvalidProp) {
  return <input {...props} type={type} {...invalidProps(invalid, ariaInvalid)} className={cx('ui-input', className)} />;
}

/** A search field (`<input type="search">`) with a magnifier icon drawn inside it; props as {@link TextInput}. */
export function SearchInput({ invalid, className, 'aria-invalid': ariaInvalid, ...props }: Omit<ComponentProps<'input'>, 'type'> & InvalidProp) {
  return <input {...props} type="search" {...invalidProps(invalid, ariaInvalid)} className={cx('ui-input ui-search', className)} />;
}

/** A date field (native `<input type="date">`: the value is `YYYY-MM-DD` or `''`); props as {@link TextInput}. */
export function DateInput({ invalid, className, 'aria-invalid': ariaInvalid, ...props }: Omit<ComponentProps<'input'>, 'type'> & InvalidProp) {
  return <input {...props} type="date" {...invalidProps(invalid, ariaInvalid)} className={cx('ui-input', className)} />;
}

/** A multi-line text field (`<textarea>`, resizable in height); every prop of `<textarea>` passes through. */
export function Textarea({ invalid, className, 'aria-invalid': ariaInvalid, ...props }: ComponentProps<'textarea'> & InvalidProp) {
  return <textarea {...props} {...invalidProps(invalid, ariaInvalid)} className={cx('ui-input ui-textarea', className)} />;
}
