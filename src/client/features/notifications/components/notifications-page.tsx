import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '../../../../shared/notifications';
import { LoadError, Loading } from '../../../components/status-message';
import { areaDetailPath, ticketViewPath } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { toApiFailure } from '../../../lib/http';
import { fetchNotifications, markRead } from '../api';
import { setUnreadCount } from '../unread-count';
import { Button, Checkbox } from '../../../components/ui';
import { formatDateTime } from '../../../lib/date-format';

type State =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; items: Notification[]; nextCursor: string | null; unreadCount: number };

/**
 * `/Notifications`: my notifications, newest first (all or unread only), each linking to its
 * ticket; mark one or all read ("Older" loads the next page). Marking read updates the bell at once.
 */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchNotifications({ unread: unreadOnly }, controller.signal).then(
      (page) => {
        setState({ status: 'ready', ...page });
        setUnreadCount(page.unreadCount);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [unreadOnly, attempt]);

  const loadOlder = useCallback(async () => {
    if (state.status !== 'ready' || !state.nextCursor) return;
    try {
      const page = await fetchNotifications({ unread: unreadOnly, cursor: state.nextCursor });
      setState({ ...page, status: 'ready', items: [...state.items, ...page.items] });
    } catch (error) {
      setProblem(toApiFailure(error).message);
    }
  }, [state, unreadOnly]);

  const mark = async (which: { ids: string[] } | { all: true }) => {
    setProblem(null);
    try {
      const { unreadCount } = await markRead(which);
      setUnreadCount(unreadCount);
      const now = new Date().toISOString();
      setState((previous) =>
        previous.status !== 'ready'
          ? previous
          : {
              ...previous,
              unreadCount,
              items: previous.items.map((item) =>
                item.readAt === null && ('all' in which || which.ids.includes(item.id))
                  ? { ...item, readAt: now }
                  : item,
              ),
            },
      );
    } catch (error) {
      setProblem(toApiFailure(error).message);
    }
  };

  return (
    <>
      <div className="page-header">
        <h1>Notifications</h1>
      </div>
      <div className="notification-toolbar">
        <Checkbox label="Unread only" checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} />
        {state.status === 'ready' && (
          <>
            <p className="notification-toolbar__count">{state.unreadCount} unread</p>
            <Button type="button" disabled={state.unreadCount === 0} onClick={() => void mark({ all: true })}>
              Mark all read
            </Button>
          </>
        )}
      </div>
      {problem && (
        <p className="alert" role="alert">
          {problem}
        </p>
      )}
      {state.status === 'loading' && <Loading label="Loading notifications…" />}
      {state.status === 'error' && (
        <LoadError error={state.error} onRetry={() => setAttempt((n) => n + 1)} what="Your notifications" />
      )}
      {state.status === 'ready' && (
        <>
          {state.items.length === 0 ? (
            <p>{unreadOnly ? 'No unread notifications.' : 'No notifications yet.'}</p>
          ) : (
            <ol className="notification-list" aria-label="Notifications">
              {state.items.map((item) => (
                <li key={item.id} className={item.readAt ? 'notification' : 'notification notification--unread'}>
                  <p className="notification__title">
                    {item.readAt ? null : <span className="notification__flag">Unread: </span>}
                    {item.ticketId ? (
                      <Link
                        to={
                          item.area ? areaDetailPath({ area: item.area }, item.ticketId) : ticketViewPath(item.ticketId)
                        }
                      >
                        {item.title}
                      </Link>
                    ) : (
                      item.title
                    )}
                  </p>
                  {item.text && <p className="notification__text">{item.text}</p>}
                  <p className="notification__meta">
                    <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                    {item.readAt === null && (
                      <Button type="button" variant="quiet" onClick={() => void mark({ ids: [item.id] })}>
                        Mark read<span className="visually-hidden">: {item.title}</span>
                      </Button>
                    )}
                  </p>
                </li>
              ))}
            </ol>
          )}
          {state.nextCursor && (
            <Button type="button" onClick={() => void loadOlder()}>
              Older
            </Button>
          )}
        </>
      )}
    </>
  );
}
