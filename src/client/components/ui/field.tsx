import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './class-names';

/** The id of the hint of the field whose control has the id `htmlFor`: put it in the control's `aria-describedby`. */
export const fieldHintId = (htmlFor: string) => `${htmlFor}-hint`;
/** The id of the error of the field whose control has the id `htmlFor`: put it in the control's `aria-describedby`. */
export const fieldErrorId = (htmlFor: string) => `${htmlFor}-error`;

/**
 * A labelled field: the label above the control (`children`, whose id is `htmlFor`), then the hint
 * and the error message (with an alert icon). The caller links them to the control with
 * `aria-describedby={fieldHintId(id)}` / `fieldErrorId(id)` and sets the control's `invalid`.
 */
export function Field({
  label,
  htmlFor,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx('ui-field', className)}>
      <label className="ui-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="ui-field__hint" id={fieldHintId(htmlFor)}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="ui-field__error" id={fieldErrorId(htmlFor)}>
          <CircleAlert aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

/** `aria-describedby` for a control in a {@link Field}: the ids of the hint and the error shown. */
export function describedBy(htmlFor: string, { hint, error }: { hint?: unknown; error?: unknown }): string | undefined {
  const ids = [hint ? fieldHintId(htmlFor) : '', error ? fieldErrorId(htmlFor) : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
