import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketListItem } from '../../../../shared/tickets';
import { LoadError, Loading } from '../../../components/status-message';
import { ticketViewPath } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { useResource } from '../../../lib/use-resource';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { fetchTicketCounts, fetchTickets, fetchTicketsCsv } from '../api';
import { SavedViews } from './saved-views';
import { StatusChart } from './status-chart';
import { useDocumentTitle } from '../../../lib/document-title';

const SELECTS: { name: string; label: string; options: readonly (readonly [string, string])[] }[] = [
  { name: 'status', label: 'Status', options: TICKET_STATUSES.map((s) => [s, s] as const) },
  {
    name: 'state',
    label: 'Open or done',
    options: [
      ['open', 'Open'],
      ['done', 'Done'],
    ],
  },
  { name: 'priority', label: 'Priority', options: TICKET_PRIORITIES.map((p) => [p, p] as const) },
  {
    name: 'assignee',
    label: 'Assignee',
    options: [
      ['me', 'Me'],
      ['my-groups', 'My groups'],
      ['my-groups-unassigned', 'My groups, no person'],
      ['none', 'Unassigned'],
    ],
  },
  { name: 'requester', label: 'Requester', options: [['me', 'Me']] },
  {
    name: 'sla',
    label: 'Service level',
    options: [
      ['breaching', 'Breaching within 1 hour'],
      ['breached', 'Breached'],
    ],
  },
  {
    name: 'sort',
    label: 'Sort',
    options: [
      ['-updatedAt', 'Recently updated'],
      ['updatedAt', 'Least recently updated'],
      ['-createdAt', 'Newest'],
      ['createdAt', 'Oldest'],
      ['slaDue', 'Service level due soonest'],
      ['-slaDue', 'Service level due latest'],
    ],
  },
];

async function downloadCsv(query: URLSearchParams): Promise<void> {
  const blob = await fetchTicketsCsv(query);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'tickets.csv';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * `/Tickets`: every ticket the user may read across areas. Filters, sort and the page cursor live
 * in the URL query, so a filtered view can be bookmarked and shared; counts per status as a small
 * chart; CSV export of the filtered view. `renderSla` draws a ticket's service-level cell (the
 * route module passes the sla feature's); without it the column is left out.
 */
export function TicketsPage({ renderSla }: { renderSla?: (ticket: TicketListItem) => ReactNode } = {}) {
  useDocumentTitle('Tickets');
  const { params, setParams, setFilter } = useUrlFilters();
  const key = params.toString();
  const page = useResource(key, (signal) => fetchTickets(params, signal));
  const counts = useResource(key.replace(/(^|&)cursor=[^&]*/g, ''), (signal) => fetchTicketCounts(params, signal));

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Tickets</h1>
          <p className="page-header__lead">Every ticket you may read, across all form areas.</p>
        </div>
        <button
          type="button"
          className="button"
          onClick={() => {
            downloadCsv(params).catch(() => toast.error('The CSV export failed.'));
          }}
        >
          Export CSV
        </button>
      </div>
      <SavedViews params={params} setParams={setParams} />
      {counts.status === 'ready' && <StatusChart counts={counts.data} />}
      <form className="ticket-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <label>
          Search
          <input
            type="search"
            defaultValue={params.get('q') ?? ''}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setFilter('q', event.currentTarget.value);
            }}
          />
        </label>
        {SELECTS.map((select) => (
          <label key={select.name}>
            {select.label}
            <select
              value={params.get(select.name) ?? ''}
              onChange={(event) => setFilter(select.name, event.target.value)}
            >
              <option value="">{select.name === 'sort' ? 'Recently updated' : 'Any'}</option>
              {select.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label>
          Area
          <input
            defaultValue={params.get('area') ?? ''}
            onBlur={(event) => setFilter('area', event.target.value.trim())}
          />
        </label>
        <label>
          Property
          <input
            defaultValue={params.get('property') ?? ''}
            onBlur={(event) => setFilter('property', event.target.value.trim())}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={params.get('overdue') === 'true'}
            onChange={(event) => setFilter('overdue', event.target.checked ? 'true' : '')}
          />
          Overdue only
        </label>
      </form>
      {page.status === 'loading' && <Loading label="Loading tickets…" />}
      {page.status === 'error' && <LoadError error={page.error} onRetry={page.reload} what="The ticket list" />}
      {page.status === 'ready' && (
        <>
          <div className="table-scroll" role="region" aria-label="Tickets" tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  {[
                    'Number',
                    'Area',
                    'Summary',
                    'Property',
                    'Requester',
                    'Assignee',
                    'Status',
                    'Priority',
                    'Due',
                    ...(renderSla ? ['SLA'] : []),
                    'Rating',
                    'Updated',
                  ].map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.data.items.map((t) => (
                  <tr key={t.id}>
                    <td>
                      <Link to={ticketViewPath(t.id)}>{t.number}</Link>
                    </td>
                    <td>{t.area}</td>
                    <td>{t.summary}</td>
                    <td>{t.property}</td>
                    <td>{t.requester.name}</td>
                    <td>{[t.assigneeUser?.name, t.assigneeGroup?.name].filter(Boolean).join(' · ')}</td>
                    <td>{t.status}</td>
                    <td>{t.priority}</td>
                    <td className={t.isOverdue ? 'is-overdue' : undefined}>
                      {t.dueAt ? new Date(t.dueAt).toLocaleDateString() : ''}
                      {t.isOverdue ? ' (overdue)' : ''}
                    </td>
                    {renderSla ? <td>{renderSla(t)}</td> : null}
                    <td>{t.rating === null ? '' : <span aria-label={`${t.rating} out of 5`}>{`${t.rating}/5`}</span>}</td>
                    <td>{new Date(t.updatedAt).toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {page.data.items.length === 0 && <p>No tickets match.</p>}
          <nav className="pager" aria-label="Pages">
            <button
              type="button"
              className="button"
              disabled={!params.get('cursor')}
              onClick={() => setFilter('cursor', '')}
            >
              First page
            </button>
            <button
              type="button"
              className="button"
              disabled={!page.data.nextCursor}
              onClick={() => {
                const next = new URLSearchParams(params);
                next.set('cursor', page.data.nextCursor ?? '');
                setParams(next);
              }}
            >
              Next page
            </button>
          </nav>
        </>
      )}
    </>
  );
}
