import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { Ticket, TicketPatch } from '../../../../shared/tickets';
import { DownloadPdfButton } from '../../../components/download-pdf-button';
import { TabList, tabPanelProps } from '../../../components/tabs';
import { LoadError, Loading } from '../../../components/status-message';
import { StoredData } from '../../../form-engine/stored-data';
import { fetchAreaOfSubmission } from '../../../lib/area-api';
import { toApiFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useResource } from '../../../lib/use-resource';
import { fetchChanges, fetchComments, fetchTicket, updateTicket } from '../api';
import { CommentComposer } from './comment-composer';
import { CommentThread } from './comment-thread';
import { HistoryList } from './history-list';
import { TicketPanel } from './ticket-panel';
import { useDocumentTitle } from '../../../lib/document-title';

/**
 * The ticket's submission read-only with its area's form (field titles, rich text, files);
 * `onShown` once the form or an error has replaced "Loading the form…".
 */
function TicketSubmission({ ticket, onShown }: { ticket: Ticket; onShown: () => void }) {
  const area = useResource(`area:${ticket.area}@${ticket.schemaVersion}`, () =>
    fetchAreaOfSubmission(ticket.area, ticket.schemaVersion),
  );
  const failed = area.status === 'error';
  useEffect(() => {
    if (failed) onShown();
  }, [failed, onShown]);
  if (area.status === 'loading') return <Loading label="Loading the form…" />;
  if (area.status === 'error') return <LoadError error={area.error} onRetry={area.reload} what="This ticket's form" />;
  return <StoredData area={area.data} submission={ticket} onShown={onShown} />;
}

type TabKey = 'comments' | 'history';
const TABS = [
  { key: 'comments', label: 'Comments' },
  { key: 'history', label: 'History' },
] as const satisfies readonly { key: TabKey; label: string }[];

/**
 * `/Tickets/comments/{id}`: the ticket-view layout — the submission read-only beside a side panel
 * ({@link TicketPanel}: status, priority, assignee, due, requester, property, rating and the
 * actions allowed to this user), then comments and history. The submission shows with the area's
 * field titles and rich-text fields as rich text (the form engine's `StoredData`, as on the area
 * detail page); comments are rich text with files ({@link CommentThread}, {@link CommentComposer}).
 * A 412 on save tells the user and reloads the fresh ticket.
 *
 * The form arrives after the ticket (its area's definition, widgets and property list load
 * first) and is usually taller than the page: what stands after it (the side panel below 1024 px,
 * the tabs, the comments) is laid out but kept invisible until the form and the comments are
 * shown, so nothing on screen moves when they arrive (docs/performance.md "Lighthouse").
 * Comments and History are tabs ({@link TabList}, automatic activation); the comments stay
 * mounted while hidden, so a comment being written survives a look at the history.
 * `renderSla` draws the ticket's service level in the side panel and `panelExtra` another
 * feature's piece (the approval); the route module passes both.
 */
export function TicketViewPage({
  renderSla,
  panelExtra,
}: {
  renderSla?: (ticket: Ticket) => ReactNode;
  /** Another feature's piece for the side panel (the approval): the ticket, and a reload of the page's data. */
  panelExtra?: (ticket: Ticket, reload: () => void) => ReactNode;
} = {}) {
  const { id = '' } = useParams();
  const [tab, setTab] = useState<TabKey>('comments');
  const [submissionShown, setSubmissionShown] = useState(false);
  const showSubmission = useCallback(() => setSubmissionShown(true), []);
  const ticket = useResource(`ticket:${id}`, (signal) => fetchTicket(id, signal));
  const comments = useResource(`comments:${id}`, (signal) => fetchComments(id, signal));
  useDocumentTitle(
    ticket.status === 'ready' ? [`Ticket ${ticket.data.ticket.number}`, ticket.data.ticket.summary] : undefined,
  );
  const history = useResource(`history:${id}`, (signal) =>
    fetchChanges(new URLSearchParams({ ticket: id, limit: '100' }), signal),
  );

  if (!id) return <p>Open a ticket from the Tickets list.</p>;
  if (ticket.status === 'loading') return <Loading label="Loading the ticket…" />;
  if (ticket.status === 'error') return <LoadError error={ticket.error} onRetry={ticket.reload} what="This ticket" />;
  const { ticket: t, etag } = ticket.data;
  const settled = submissionShown && comments.status !== 'loading';
  const untilSettled = settled ? undefined : ({ visibility: 'hidden' } as const);
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

  return (
    <>
      <div className="page-header">
        <h1>
          {t.number} {t.summary ? `— ${t.summary}` : ''}
        </h1>
        <div className="page-header__actions no-print">
          <DownloadPdfButton area={t.area} id={t.id} number={t.number} />
        </div>
      </div>
      <div className="ticket-view">
        <section aria-label="Submission">
          <TicketSubmission ticket={t} onShown={showSubmission} />
        </section>
        <div style={untilSettled}>
          <TicketPanel ticket={t} onSave={save} sla={renderSla?.(t)} extra={panelExtra?.(t, reloadAll)} />
        </div>
      </div>
      <TabList
        label="Ticket activity"
        idBase="ticket"
        className="tabs"
        style={untilSettled}
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
      />
      <div {...tabPanelProps('ticket', 'comments', tab)}>
        <section aria-label="Comments" style={untilSettled}>
          {comments.status === 'loading' && <Loading label="Loading the comments…" />}
          {comments.status === 'error' && (
            <LoadError error={comments.error} onRetry={comments.reload} what="The comments" />
          )}
          {comments.status === 'ready' && <CommentThread comments={comments.data} />}
          <CommentComposer
            ticketId={t.id}
            canCommentInternal={Boolean(allowed?.canCommentInternal)}
            onPosted={reloadAll}
          />
        </section>
      </div>
      <div {...tabPanelProps('ticket', 'history', tab)}>
        {tab === 'history' && history.status === 'ready' && (
          <div style={untilSettled}>
            <HistoryList entries={history.data.items} label="History" />
          </div>
        )}
      </div>
    </>
  );
}
