import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { APP_TITLE } from '../../config/env';

/** The frame of the layout without navigation bar: a centred panel under the product name. */
export function BareFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="bare-page" data-layout="bare" tabIndex={-1}>
      <div className="bare-page__panel">
        <p className="bare-page__brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{APP_TITLE}</span>
        </p>
        {children}
      </div>
    </main>
  );
}

/** The layout without navigation bar (sign-in pages, the 404 page; error pages use {@link BareFrame}). */
export default function BareLayout() {
  return (
    <BareFrame>
      <Outlet />
    </BareFrame>
  );
}
