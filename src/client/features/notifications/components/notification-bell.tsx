import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useUnreadCount } from '../unread-count';

/**
 * The bell in the navigation bar: a link to /Notifications named "Notifications, N unread", with
 * the count as a badge while it is above zero; live (unread-count.ts).
 */
export function NotificationBell() {
  const unread = useUnreadCount(true);
  const n = unread ?? 0;
  return (
    <NavLink to={paths.notifications} className="notification-bell" aria-label={`Notifications, ${n} unread`}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
        />
      </svg>
      {n > 0 && (
        <span className="notification-bell__count" aria-hidden="true">
          {n > 99 ? '99+' : n}
        </span>
      )}
    </NavLink>
  );
}
