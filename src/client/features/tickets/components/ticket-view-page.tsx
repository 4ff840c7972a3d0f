import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import type { AreaDefinition } from '../../../../shared/area';
import type { Ticket, TicketPatch } from '../../../../shared/tickets';
import { DownloadPdfButton } from '../../../components/download-pdf-button';
import { NotFound, PageNotFoundError } from '../../../components/not-found';
import { LoadError, Loading } from '../../../components/status-message';
import { TabList, tabPanelProps } from '../../../components/ui';
import { TicketLayout } from '../../../components/ticket-layout';
import { areaDetailPath } from '../../../config/paths';
import { fetchAreaOfSubmission } from '../../../lib/area-api';
import { useDocumentTitle } from '../../../lib/document-title';
import { lazyComponent } from '../../../lib/lazy-component';
import { isNotFoundError, toApiFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useResource, type Resource } from '../../../lib/use-resource';
import { fetchComments, fetchTicket, updateTicket } from '../api';
import { fetchTicketHistory, ticketPageKeys } from '../ticket-page-ahead';
import { HistoryList } from './history-list';
import { TicketPanel } from './ticket-panel';
import '../ticket-page.css';

/**
 * The pieces that bring the form engine and the rich-text editor with them, each in a chunk of its
 * own: the page's heading and panel show as soon as the ticket is loaded, while these still load
 * (all of them asked for at once when the page opens).
 */
const storedData = lazyComponent(
  () => import('../../../form-engine/stored-data'),
  'StoredData',
  <Loading label="Loading the form…" />,
);
const commentThread = lazyComponent(
  () => import('./comment-thread'),
  'CommentThread',
  <Loading label="Loading the comments…" />,
);
const commentComposer = lazyComponent(() => import('./comment-composer'), 'CommentComposer');
const { Component: StoredData } = storedData;
const { Component: CommentThread } = commentThread;
const { Component: CommentComposer } = commentComposer;

type TabKey = 'comments' | 'history';
const TABS = [
  { key: 'comments', label: 'Comments' },
  { key: 'history', label: 'History' },
] as const satisfies readonly { key: TabKey; label: string }[];

/**
 * The resource's data, or while it loads again (after a save or a comment) the data it had for the
 * same key, so the page keeps its content on screen instead of falling back to "Loading…".
 */
function useLatest<T>(resource: Resource<T>, key: string): T | undefined {
  const last = useRef<{ key: string; data: T } | null>(null);
  if (resource.status === 'ready') last.current = { key, data: resource.data };
  else if (resource.status === 'error' || last.current?.key !== key) last.current = null;
  return last.current?.data;
}

/**
 * Starts the chunks of the ticket page's form and comments before the page mounts: the route
 * module's `loader` calls it as soon as the page's module is in (the route table has started the
 * page's data already, ticket-page-ahead.ts), so the page does not wait for one after the other.
 */
export function preloadTicketPageChunks(): void {
  void storedData.preload();
  void commentThread.preload();
  void commentComposer.preload();
}

/** The slots the route module fills with other features' pieces; `area` is the record's area. */
export type TicketPageProps = {
  id: string;
  area: AreaDefinition;
  /** What stands instead of the page when the ticket is not this route's (not found, a redirect), else null. */
  elsewhere?: (ticket: Ticket) => ReactNode;
  /** Breadcrumbs, heading and page actions. */
  header: (ticket: Ticket) => ReactNode;
  /** After the comments and history: the record's child areas. */
  related?: (ticket: Ticket) => ReactNode;
  /** Property code → name, null while unknown (the panel then shows the code alone). */
  propertyNames?: ReadonlyMap<string, string> | null;
  /** The ticket's service level in the side panel. */
  renderSla?: (ticket: Ticket) => ReactNode;
  /** Other features' pieces for the side panel (the approval, the assignment note): the ticket, and a reload of the page's data. */
  panelExtra?: (ticket: Ticket, reload: () => void) => ReactNode;
};

/**
 * The ticket page of a record (`/{Area}/{id}`), the same for its handlers and its requester: the
 * submission read-only with its area's form (the form engine's `StoredData`) beside a side panel
 * ({@link TicketPanel}: status, priority, assignee, due, service level, approval, requester,
 * property, rating and only the actions `allowed` gives this user), then comments and history
 * (tabs, automatic activation; the comments stay mounted while hidden, so a comment being written
 * survives a look at the history). The server leaves internal comments out for a requester and
 * says in `allowed` what they may do (comment; close or reopen a resolved ticket; rate it). A 412
 * on save tells the user and shows the fresh ticket; while the data reloads the page keeps what
 * it shows.
 *
 * The form arrives after the ticket (its widgets and, for an older schema version, that version
 * load first) and is usually taller than the page: what stands after it (the side panel below
 * 1024 px, the tabs, the comments, the child areas) is laid out but kept invisible until the form
 * and the comments are shown, so nothing on screen moves when they arrive (docs/performance.md "Lighthouse").
 * The form and the comments' pieces are chunks of their own, so the heading does not wait for them.
 */
export function TicketPage({
  id,
  area,
  elsewhere,
  header,
  related,
  propertyNames,
  renderSla,
  panelExtra,
}: TicketPageProps) {
  const [tab, setTab] = useState<TabKey>('comments');
  // the comments' pieces loaded (or failed: the route's error page then says so), so showing the
  // activity does not grow it afterwards
  const [commentPiecesLoaded, setCommentPiecesLoaded] = useState(false);
  useEffect(() => {
    void storedData.preload();
    void Promise.all([commentThread.preload(), commentComposer.preload()]).then(() => setCommentPiecesLoaded(true));
  }, []);
  const [submissionShown, setSubmissionShown] = useState(false);
  const showSubmission = useCallback(() => setSubmissionShown(true), []);
  const keys = ticketPageKeys(id);
  const ticketResource = useResource(keys.ticket, (signal) => fetchTicket(id, signal));
  const commentsResource = useResource(keys.comments, (signal) => fetchComments(id, signal));
  const historyResource = useResource(keys.history, (signal) => fetchTicketHistory(id, signal));
  const loaded = useLatest(ticketResource, id);
  const comments = useLatest(commentsResource, id);
  const history = useLatest(historyResource, id);
  useDocumentTitle(loaded ? [loaded.ticket.number, area.title] : undefined);

  if (!loaded) {
    if (ticketResource.status === 'error') {
      if (isNotFoundError(ticketResource.error)) return <NotFound />;
      return <LoadError error={ticketResource.error} onRetry={ticketResource.reload} what="This record" />;
    }
    return <Loading label="Loading the ticket…" />;
  }
  const { ticket: t, etag } = loaded;
  const instead = elsewhere?.(t);
  if (instead) return instead;
  const settled = submissionShown && commentPiecesLoaded && commentsResource.status !== 'loading';
  const untilSettled = settled ? undefined : ({ visibility: 'hidden' } as const);
  const reloadAll = () => {
    ticketResource.reload();
    commentsResource.reload();
    historyResource.reload();
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
      {header(t)}
      {t.summary ? <p className="ticket-page__summary">{t.summary}</p> : null}
      <TicketLayout
        sideLabel="Ticket"
        side={
          <div style={untilSettled} className="ticket-page__side">
            <TicketPanel
              ticket={t}
              onSave={save}
              propertyName={t.property ? propertyNames?.get(t.property) : undefined}
              sla={renderSla?.(t)}
              extra={panelExtra?.(t, reloadAll)}
            />
          </div>
        }
      >
        <section className="detail-data" aria-label="Submission">
          <StoredData area={area} submission={t} onShown={showSubmission} />
        </section>
      </TicketLayout>
      <div className="ticket-page__activity" style={untilSettled}>
        <TabList
          label="Ticket activity"
          idBase="ticket"
          className="tabs"
          tabs={TABS}
          selected={tab}
          onSelect={setTab}
        />
        <div {...tabPanelProps('ticket', 'comments', tab)}>
          <section aria-label="Comments">
            {comments ? <CommentThread comments={comments} /> : null}
            {!comments && commentsResource.status === 'loading' ? <Loading label="Loading the comments…" /> : null}
            {commentsResource.status === 'error' ? (
              <LoadError error={commentsResource.error} onRetry={commentsResource.reload} what="The comments" />
            ) : null}
            <CommentComposer
              ticketId={t.id}
              canCommentInternal={Boolean(t.allowed?.canCommentInternal)}
              onPosted={reloadAll}
              loadEditor={settled}
            />
          </section>
        </div>
        <div {...tabPanelProps('ticket', 'history', tab)}>
          {tab === 'history' && history ? <HistoryList entries={history.items} label="History" /> : null}
          {tab === 'history' && !history && historyResource.status === 'loading' ? (
            <Loading label="Loading the history…" />
          ) : null}
        </div>
      </div>
      {related ? <div style={untilSettled}>{related(t)}</div> : null}
    </>
  );
}

/**
 * The ticket page of a record whose area's folder was removed (`/{Area}/{id}` where `/{Area}` names
 * no area any more): the form is the schema version it was stored with (`fetchAreaOfSubmission`),
 * the heading "<number> — <form title>" with Download PDF, no breadcrumbs. Throws the 404 page
 * (bare layout) when the id names no record the user may read, or one of another area.
 */
export function RetiredAreaTicketPage({
  areaKey,
  ...props
}: Omit<TicketPageProps, 'area' | 'header'> & { areaKey: string }) {
  const { id } = props;
  const area = useResource(`retired-area:${areaKey}:${id}`, async (signal) => {
    try {
      const { ticket } = await fetchTicket(id, signal);
      return ticket.area === areaKey ? await fetchAreaOfSubmission(areaKey, ticket.schemaVersion) : null;
    } catch (error) {
      if (isNotFoundError(error)) return null;
      throw error;
    }
  });
  if (area.status === 'loading') return <Loading label="Loading the ticket…" />;
  if (area.status === 'error') return <LoadError error={area.error} onRetry={area.reload} what="This record" />;
  if (!area.data) throw new PageNotFoundError(`The area ${areaKey}`);
  const definition = area.data;
  return (
    <TicketPage
      {...props}
      area={definition}
      header={(t) => (
        <div className="page-header">
          <h1>
            {t.number} — {definition.title}
          </h1>
          <div className="page-header__actions no-print">
            <DownloadPdfButton area={t.area} id={t.id} number={t.number} />
          </div>
        </div>
      )}
    />
  );
}

/**
 * `/Tickets/comments/{id}` (the former ticket view): replaces itself with the ticket's page
 * `/{Area}/{id}` (which moves on to `/{Parent}/{parentId}/{Area}/{id}` for a child area's record);
 * the not-found page for an id the user may not read.
 */
export function TicketRedirect() {
  const { id = '' } = useParams();
  const ticket = useResource(ticketPageKeys(id).ticket, (signal) => fetchTicket(id, signal));
  if (!id) return <NotFound />;
  if (ticket.status === 'loading') return <Loading label="Loading the ticket…" />;
  if (ticket.status === 'error') {
    if (isNotFoundError(ticket.error)) return <NotFound />;
    return <LoadError error={ticket.error} onRetry={ticket.reload} what="This ticket" />;
  }
  const { area, id: ticketId } = ticket.data.ticket;
  return <Navigate to={areaDetailPath({ area }, ticketId)} replace />;
}
