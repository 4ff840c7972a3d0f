import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-context';
import { areaCreatePath } from '../../../config/paths';
import { createSubmission } from '../../../lib/area-api';
import { flushOutbox, listOutbox, subscribeOutbox, type OutboxItem } from '../../../lib/outbox';
import { toast } from '../../../lib/toast';
import { dateTimeFormat } from '../../../../shared/display-locale';

/**
 * When a waiting item was saved, as `formatDateTime` writes it (`Jan 5, 2026, 3:04 PM`), through
 * Intl: this panel is in the first chunk of every page, where date-fns' formatter would weigh
 * 5 KB more (docs/performance.md "Page weight"), and it shows only when something waits.
 */
function savedAt(iso: string): string {
  return dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The create page of a draft: `…/{Area}/Form?draft={idempotencyKey}`. */
export function draftPath(item: OutboxItem): string {
  const parent = item.parentArea && item.parentId ? { area: item.parentArea, id: item.parentId } : undefined;
  return `${areaCreatePath({ area: item.area, parent })}?draft=${encodeURIComponent(item.idempotencyKey)}`;
}

function sendItem(item: OutboxItem) {
  return createSubmission(item.area, item.payload, {
    idempotencyKey: item.idempotencyKey,
    parentId: item.parentId ?? undefined,
  });
}

/**
 * The visible outbox: the signed-in user's submissions "Waiting to send" and those the
 * server refused ("Needs correction", each a link to its editable draft). Sends waiting items on
 * start and whenever the browser comes back online; renders nothing when the outbox is empty.
 */
export function OutboxPanel() {
  const session = useSession();
  const userId = session.user?.id ?? null;
  const [items, setItems] = useState<OutboxItem[]>([]);

  const refresh = useCallback(async () => {
    setItems(userId ? await listOutbox(userId) : []);
  }, [userId]);

  const send = useCallback(async () => {
    if (!userId || !navigator.onLine) return;
    const result = await flushOutbox(userId, sendItem);
    for (const created of result.sent) toast.success(`Sent ${created.number}`);
    if (result.rejected > 0) toast.error('A waiting submission needs correction before it can be sent');
  }, [userId]);

  useEffect(() => {
    void refresh();
    const unsubscribe = subscribeOutbox(() => void refresh());
    const onOnline = () => void send().catch((error: unknown) => console.error('Outbox not sent', error));
    window.addEventListener('online', onOnline);
    onOnline();
    return () => {
      unsubscribe();
      window.removeEventListener('online', onOnline);
    };
  }, [refresh, send]);

  if (items.length === 0) return null;
  const waiting = items.filter((item) => item.state === 'waiting');
  const rejected = items.filter((item) => item.state === 'rejected');
  return (
    <section className="outbox" aria-labelledby="outbox-title">
      <h2 id="outbox-title">Outbox</h2>
      {waiting.length > 0 ? (
        <>
          <p role="status">
            <strong>Waiting to send</strong> ({waiting.length}): sent automatically when you are back online.
          </p>
          <ul aria-label="Waiting to send">
            {waiting.map((item) => (
              <li key={item.idempotencyKey}>
                {item.area} form, saved <time dateTime={item.queuedAt}>{savedAt(item.queuedAt)}</time>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {rejected.length > 0 ? (
        <>
          <p>
            <strong>Needs correction</strong> ({rejected.length}): the server did not accept these.
          </p>
          <ul aria-label="Needs correction">
            {rejected.map((item) => (
              <li key={item.idempotencyKey}>
                {item.area} form: {item.message ?? 'not accepted'} — <Link to={draftPath(item)}>Edit draft</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
