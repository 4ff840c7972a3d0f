import { Outlet } from 'react-router';
import { APP_TITLE } from '../../config/env';

/** The layout without navigation bar (sign-in pages): a centred panel under the product name. */
export default function BareLayout() {
  return (
    <main id="main" className="bare-page" tabIndex={-1}>
      <div className="bare-page__panel">
        <p className="bare-page__brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{APP_TITLE}</span>
        </p>
        <Outlet />
      </div>
    </main>
  );
}
