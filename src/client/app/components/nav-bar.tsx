import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { APP_TITLE } from '../../config/env';
import { paths } from '../../config/paths';
import { useStickyHeaderOffset } from '../shell/sticky-header-offset';
import { REPORT_READ_SCOPES } from '../../../shared/report-tracker';
import {
  ADMIN_SCOPE,
  ASSIGNMENTS_MANAGE_SCOPE,
  hasScope,
  ROLEGROUPS_MANAGE_SCOPE,
  TICKETS_WORK_SCOPE,
} from '../../../shared/scopes';
import { lazyComponent } from '../../lib/lazy-component';
import { useSession } from '../../lib/session/session-context';
import { Button } from '../../components/ui/button';

// The bell is a chunk of its own (every page's entry stays within its budget); until it arrives an
// empty box of its size holds its place, so nothing in the bar moves.
const { Component: NotificationBell } = lazyComponent(
  () => import('../../features/notifications/components/notification-bell'),
  'NotificationBell',
  <span className="notification-bell" aria-hidden="true" />,
);

type NavEntry = {
  to: string;
  label: string;
  end: boolean;
  /** Shown only to users holding one of these scopes (`hasScope`; `admin` passes); absent: everyone. */
  anyScope?: readonly string[];
};

const LINKS: readonly NavEntry[] = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.forms, label: 'Forms', end: false },
  { to: paths.tickets, label: 'Tickets', end: false },
  { to: paths.reportTracker, label: 'Report tracker', end: false, anyScope: REPORT_READ_SCOPES },
  { to: paths.roleGroups, label: 'Role groups', end: false, anyScope: [ROLEGROUPS_MANAGE_SCOPE] },
  { to: paths.assignments, label: 'Assignments', end: false, anyScope: [ASSIGNMENTS_MANAGE_SCOPE] },
  { to: paths.changes, label: 'Changes', end: false },
  // Approvers are members of role groups, whose members hold tickets:work (docs/behaviour.md "Approvals").
  { to: paths.approvals, label: 'Approvals', end: false, anyScope: [TICKETS_WORK_SCOPE] },
  { to: paths.formAreas, label: 'Form areas', end: false, anyScope: [ADMIN_SCOPE] },
];

/**
 * More entries than this (an approver has six, an administrator nine) do not fit beside the
 * product name and the user's name in one row at a laptop's width: from 768 px the bar then has
 * two rows, the product name, the user and the bell above, the entries below (docs/ui.md).
 */
const ONE_ROW_ENTRIES = 4;

/**
 * The top navigation bar: product name, Home / Forms / Tickets, and the signed-in user's name
 * with a "Sign out" button; for a signed-in user, the notification bell with the unread count.
 * Below 768 px the links fold behind a "Menu" button (the bell stays beside it); from 768 px a
 * user with more than {@link ONE_ROW_ENTRIES} entries gets them on a row of their own.
 */
export function NavBar() {
  const session = useSession();
  const location = useLocation();
  const menuId = useId();
  const [isOpen, setOpen] = useState(false);
  const [isSigningOut, setSigningOut] = useState(false);
  const header = useRef<HTMLElement>(null);
  useStickyHeaderOffset(header);

  useEffect(() => setOpen(false), [location.pathname]);

  const handleSignOut = () => {
    setSigningOut(true);
    session.signOut().catch(() => setSigningOut(false));
  };

  const entries = LINKS.filter(
    (link) => !link.anyScope || link.anyScope.some((scope) => hasScope(session.user, scope)),
  );

  return (
    <header className="site-header" ref={header}>
      <div
        className={
          entries.length > ONE_ROW_ENTRIES ? 'site-header__inner site-header__inner--two-rows' : 'site-header__inner'
        }
      >
        <Link to={paths.home} className="site-header__brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{APP_TITLE}</span>
        </Link>
        {session.user ? <NotificationBell /> : null}
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={isOpen}
          aria-controls={menuId}
          onClick={() => setOpen((open) => !open)}
        >
          Menu
        </button>
        <nav id={menuId} className={isOpen ? 'site-nav site-nav--open' : 'site-nav'} aria-label="Main">
          <ul className="site-nav__links">
            {entries.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className="site-nav__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {session.user ? (
            <div className="site-nav__user">
              <span className="site-nav__name" title={session.user.email ?? undefined}>
                {session.user.name}
              </span>
              <NavLink to={paths.settings} className="site-nav__link">
                Settings
              </NavLink>
              <Button type="button" variant="quiet" onClick={handleSignOut} disabled={isSigningOut}>
                Sign out
              </Button>
            </div>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
