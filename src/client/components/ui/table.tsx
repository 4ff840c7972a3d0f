import type { ComponentProps, ReactNode } from 'react';
import { cx } from './class-names';

/**
 * A `<table className="ui-table">` in a horizontally scrolling card; `caption` becomes its
 * `<caption>`, other props of `<table>` pass through. Cells may use `ui-table__num` (numbers,
 * right-aligned) and `ui-table__truncate` (one line, ellipsis: give the full text a `title`).
 */
export function Table({ caption, className, children, ...props }: Omit<ComponentProps<'table'>, 'children'> & { caption?: ReactNode; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table {...props} className={cx('ui-table', className)}>
        {caption ? <caption>{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}
