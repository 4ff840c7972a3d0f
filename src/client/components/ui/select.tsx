import type { ComponentProps } from 'react';
import { cx } from './class-names';
import { invalidProps, type InvalidProp } from './text-input';

/**
 * A native `<select>` drawn in the portal's look (a chevron; with `invalid`, a red border and an
 * alert icon). Every prop of `<select>` passes through (`ref`, `id`, `name`, `aria-*`, `multiple`).
 */
export function Select({ invalid, className, 'aria-invalid': ariaInvalid, ...props }: ComponentProps<'select'> & InvalidProp) {
  return <select {...props} {...invalidProps(invalid, ariaInvalid)} className={cx('ui-input ui-select', className)} />;
}
