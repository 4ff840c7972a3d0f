import type { ComponentProps, ReactNode } from 'react';
import { cx } from './class-names';
import { invalidProps, type InvalidProp } from './text-input';

/**
 * A checkbox inside its `<label>` (so the text is part of the target). Every prop of
 * `<input type="checkbox">` passes through to the input (`ref`, `id`, `name`, `aria-*`,
 * `checked`, `onChange`); `className` goes on the label.
 */
export function Checkbox({
  label,
  invalid,
  className,
  'aria-invalid': ariaInvalid,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & InvalidProp & { label: ReactNode }) {
  return (
    <label className={cx('ui-checkbox', className)}>
      <input {...props} type="checkbox" {...invalidProps(invalid, ariaInvalid)} />
      <span>{label}</span>
    </label>
  );
}
