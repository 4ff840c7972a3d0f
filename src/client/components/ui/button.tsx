import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from './class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';
export type ButtonSize = 'small' | 'medium';

type ButtonLook = {
  /** `secondary` (the default): white with a border; `primary`: the page's main action; `quiet`: no border; `danger`: destroys something. */
  variant?: ButtonVariant;
  /** `medium` (the default) is 40 px high, `small` 32 px; both above the 24 px target minimum. */
  size?: ButtonSize;
  /** An icon before the text (e.g. a lucide-react icon), hidden from assistive technology. */
  icon?: ReactNode;
};

/** The classes of a button-looking element: `button`, `button--<variant>`, `button--small`. */
export function buttonClassName({ variant = 'secondary', size = 'medium' }: ButtonLook, className?: string) {
  return cx('button', variant !== 'secondary' && `button--${variant}`, size === 'small' && 'button--small', className);
}

function Content({ icon, children }: { icon?: ReactNode; children?: ReactNode }) {
  return (
    <>
      {icon ? (
        <span className="button__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </>
  );
}

/**
 * A `<button>` in the portal's look. Every prop of `<button>` passes through (`ref` included); `type`
 * keeps the native default (`submit` inside a form), so say `type="button"` for a button that does
 * not submit. An icon-only button needs an `aria-label`.
 */
export function Button({ variant, size, icon, className, children, ...props }: ComponentProps<'button'> & ButtonLook) {
  return (
    <button {...props} className={buttonClassName({ variant, size }, className)}>
      <Content icon={icon}>{children}</Content>
    </button>
  );
}

/** A react-router `<Link>` that looks like a {@link Button} (every prop of `Link` passes through). */
export function ButtonLink({ variant, size, icon, className, children, ...props }: ComponentProps<typeof Link> & ButtonLook) {
  return (
    <Link {...props} className={buttonClassName({ variant, size }, className)}>
      <Content icon={icon}>{children}</Content>
    </Link>
  );
}
