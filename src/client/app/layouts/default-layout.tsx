import { useRef } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from '../components/nav-bar';
import { OutboxPanel } from '../../features/outbox/components/outbox-panel';
import { useTableCardLabels } from '../shell/table-card-labels';

/** The default layout: skip link, navigation bar, and the page in the `main` landmark (its lists labelled for cards). */
export default function DefaultLayout() {
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
