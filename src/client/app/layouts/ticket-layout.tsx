import { useRef } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from '../components/nav-bar';
import { Loading } from '../../components/status-message';
import { useSession } from '../../lib/session/session-context';
import { useTableCardLabels } from '../shell/table-card-labels';

/**
 * The ticket-view route layout: skip link, navigation bar and a wide `main` landmark for pages
 * that show one ticket or record; pages fill the two columns with `TicketLayout`
 * (components/ticket-layout.tsx). Like the default layout, it shows only "Loading…" until the
 * session is known, so the navigation bar never changes height under the page.
 */
export default function TicketViewLayout() {
  const session = useSession();
  return session.status === 'loading' ? <Loading /> : <TicketViewShell />;
}

function TicketViewShell() {
  const main = useRef<HTMLElement>(null);
  useTableCardLabels(main);
  return (
    <div className="app-shell" data-layout="ticket">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="page page--wide" tabIndex={-1} ref={main}>
        <Outlet />
      </main>
    </div>
  );
}
