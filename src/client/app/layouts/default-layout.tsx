import { useRef } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from '../components/nav-bar';
import { OutboxPanel } from '../../features/outbox/components/outbox-panel';
import { Loading } from '../../components/status-message';
import { useSession } from '../../lib/session/session-context';
import { useTableCardLabels } from '../shell/table-card-labels';

/**
 * The default layout: skip link, navigation bar, and the page in the `main` landmark (its lists
 * labelled for cards). Until the session is known it shows only "Loading…": the navigation bar
 * depends on the user's scopes (an administrator's wraps onto a second row), so drawing it before
 * `/api/me` answers would move the whole page down when it does (docs/performance.md "Lighthouse").
 */
export default function DefaultLayout() {
  const session = useSession();
  return session.status === 'loading' ? <Loading /> : <DefaultShell />;
}

function DefaultShell() {
  const main = useRef<HTMLElement>(null);
  useTableCardLabels(main);
  return (
    <div className="app-shell" data-layout="default">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="page" tabIndex={-1} ref={main}>
        <OutboxPanel />
        <Outlet />
      </main>
    </div>
  );
}
