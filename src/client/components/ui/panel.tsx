import { useId, type ReactNode } from 'react';
import { cx } from './class-names';

/**
 * A card (`<section>`, named by its title when it has one): an optional heading row — the title as
 * an `<h2>` (or `<h3>` with `headingLevel={3}`) and `actions` at the end — then `children`.
 */
export function Panel({
  title,
  headingLevel = 2,
  actions,
  className,
  children,
}: {
  title?: ReactNode;
  headingLevel?: 2 | 3;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className={cx('ui-panel', className)} aria-labelledby={title ? headingId : undefined}>
      {title || actions ? (
        <div className="ui-panel__header">
          {title ? (
            <Heading className="ui-panel__title" id={headingId}>
              {title}
            </Heading>
          ) : null}
          {actions ? <div className="ui-panel__actions">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
