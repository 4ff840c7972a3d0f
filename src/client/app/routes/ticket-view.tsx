/**
 * `/Tickets/comments/{id}` (issue 5): the ticket-view layout — the submission read-only beside a
 * side panel (features/tickets/ticket-panel: status, priority, assignee, due, requester, property,
 * rating and the actions allowed to this user), then comments and history. A 412 on save tells
 * the user and reloads the fresh ticket.
 */
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { TicketPatch } from '../../../shared/tickets';
import { LoadError, Loading } from '../../components/status-message';
import { fetchChanges, fetchComments, fetchTicket, postComment, updateTicket } from '../../features/tickets/api';
import { DiffView } from '../../features/tickets/diff-view';
import { TicketPanel } from '../../features/tickets/ticket-panel';
import { toApiFailure } from '../../lib/http';
import { createIdempotencyKey } from '../../lib/idempotency-key';
import { toast } from '../../lib/toast';
import { useResource } from '../../lib/use-resource';

export default function TicketViewPage() {
  const { id = '' } = useParams();
  const [tab, setTab] = useState<'comments' | 'history'>('comments');
  const ticket = useResource(`ticket:${id}`, (signal) => fetchTicket(id, signal));
  const comments = useResource(`comments:${id}`, (signal) => fetchComments(id, signal));
  const history = useResource(`history:${id}`, (signal) =>
    fetchChanges(new URLSearchParams({ ticket: id, limit: '100' }), signal),
  );
  const [draft, setDraft] = useState('');
  const [isInternal, setIsInternal] = useState(false);
  const keyRef = useRef(createIdempotencyKey());

  if (!id) return <p>Open a ticket from the Tickets list.</p>;
  if (ticket.status === 'loading') return <Loading label="Loading the ticket…" />;
  if (ticket.status === 'error') return <LoadError error={ticket.error} onRetry={ticket.reload} what="This ticket" />;
  const { ticket: t, etag } = ticket.data;
  const allowed = t.allowed;
  const reloadAll = () => {
    ticket.reload();
    comments.reload();
    history.reload();
  };

  const save = async (patch: TicketPatch) => {
    try {
      await updateTicket(t.id, etag, patch);
      toast.success('Ticket updated.');
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.status === 412) toast.warn('Someone else changed this ticket. The latest version is shown now.');
      else toast.error(failure.message);
    }
    reloadAll();
  };

  const send = async () => {
    try {
      await postComment(t.id, draft, isInternal, keyRef.current);
      keyRef.current = createIdempotencyKey();
      setDraft('');
      reloadAll();
    } catch (error) {
      toast.error(toApiFailure(error).message);
    }
  };

  return (
    <>
      <div className="page-header">
        <h1>
          {t.number} {t.summary ? `— ${t.summary}` : ''}
        </h1>
      </div>
      <div className="ticket-view">
        <section aria-label="Submission">
          <dl className="submission-data">
            {Object.entries(t.data).map(([field, value]) => (
              <div key={field}>
                <dt>{field}</dt>
                <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <TicketPanel ticket={t} onSave={save} />
      </div>
      <div role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'comments'} onClick={() => setTab('comments')}>
          Comments
        </button>
        <button type="button" role="tab" aria-selected={tab === 'history'} onClick={() => setTab('history')}>
          History
        </button>
      </div>
      {tab === 'comments' && (
        <section aria-label="Comments">
          {comments.status === 'ready' &&
            comments.data.map((c) => (
              <article key={c.id} className={c.isInternal ? 'comment comment--internal' : 'comment'}>
                <header>
                  <strong>{c.author.name}</strong> · {new Date(c.createdAt).toLocaleString()}
                  {c.isInternal ? ' · internal' : ''}
                </header>
                <p>{typeof c.body === 'string' ? c.body : JSON.stringify(c.body)}</p>
              </article>
            ))}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <label>
              New comment
              <textarea value={draft} onChange={(e) => setDraft(e.target.value)} rows={3} />
            </label>
            {allowed?.canCommentInternal && (
              <label>
                <input type="checkbox" checked={isInternal} onChange={(e) => setIsInternal(e.target.checked)} />{' '}
                Internal (handlers only)
              </label>
            )}
            <button type="submit" className="button" disabled={!draft.trim()}>
              Post comment
            </button>
          </form>
        </section>
      )}
      {tab === 'history' && history.status === 'ready' && (
        <ol aria-label="History">
          {history.data.items.map((entry) => (
            <li key={entry.id}>
              {new Date(entry.at).toLocaleString()} · {entry.actor?.name ?? 'system'} · {entry.action}
              <DiffView diff={entry.diff} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
