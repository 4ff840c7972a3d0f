import type { ComponentProps, ReactNode } from 'react';
import { cx } from './class-names';

/**
 * A `<table className="ui-table data-table">` in a horizontally scrolling card, one card per row
 * below 768 px like every list (styles/shell.css, app/shell/table-card-labels.ts); `caption`
 * becomes its `<caption>`, other props of `<table>` pass through. Cells may use `ui-table__num` (numbers,
 * right-aligned) and `ui-table__truncate` (one line, ellipsis: give the full text a `title`).
 */
export function Table({
  caption,
  className,
  children,
  ...props
}: Omit<ComponentProps<'table'>, 'children'> & { caption?: ReactNode; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table {...props} className={cx('ui-table data-table', className)}>
        {caption ? <caption>{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}
