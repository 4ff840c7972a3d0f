import { Outlet } from 'react-router';
import { NavBar } from '../components/nav-bar';
import { OutboxPanel } from '../../features/outbox/outbox-panel';

/** The default layout: skip link, navigation bar, and the page in the `main` landmark. */
export default function DefaultLayout() {
  return (
    <div className="app-shell" data-layout="default">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="page" tabIndex={-1}>
        <OutboxPanel />
        <Outlet />
      </main>
    </div>
  );
}
