import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { BulkTicketResult, TicketListItem, TicketPage } from '../../../../shared/tickets';
import { TICKETS_WORK_SCOPE } from '../../../../shared/scopes';
import { LoadError, Loading } from '../../../components/status-message';
import { Button, Checkbox, Download } from '../../../components/ui';
import { areaDetailPath, ticketViewPath } from '../../../config/paths';
import { fetchAreas, fetchProperties } from '../../../lib/area-api';
import { lazyComponent } from '../../../lib/lazy-component';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session/session-context';
import { toast } from '../../../lib/toast';
import { useResource } from '../../../lib/use-resource';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { bulkUpdateTickets, fetchTicketCounts, fetchTickets, fetchTicketsCsv } from '../api';
import { BulkResults, bulkSummary } from './bulk-results';
import { ColumnChooser, useColumnChoice } from './queue-columns';
import { useQueueShortcuts } from './queue-shortcuts';
import { QueueTable, type QueueCellContext } from './queue-table';
import { StatusChart } from './status-chart';
import { FILTER_NAMES, TicketFilters } from './ticket-filters';

// Loaded on first use: most visits neither select a ticket nor open the shortcut list. Each shows
// the moment its chunk is in (lib/lazy-component.ts: no <Suspense>, whose reveal waits 300 ms).
const { Component: BulkBar } = lazyComponent(
  () => import('./bulk-bar'),
  'default',
  <p className="bulk-bar bulk-bar--idle">Loading the actions…</p>,
);
const { Component: ShortcutsDialog } = lazyComponent(() => import('./shortcuts-dialog'), 'default');
// Its own chunk, requested with the page: the views arrive from the server after it anyway.
const { Component: SavedViews } = lazyComponent(
  () => import('./saved-views'),
  'default',
  <div className="saved-views" aria-busy="true" />,
);

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
 * `/Tickets`: the service-desk queue — every ticket the user may read across areas. Filters, sort
 * and the page cursor live in the URL query, so a filtered view can be bookmarked and shared;
 * counts per status as a small chart; CSV export of the filtered view; a column chooser; for
 * handlers (`tickets:work`) row selection with bulk changes (docs/behaviour.md "Bulk changes") and
 * the keyboard shortcuts (docs/behaviour.md "Queue shortcuts"). `renderSla` draws a ticket's
 * service-level cell (the route module passes the sla feature's); without it the column is left out.
 */
export function TicketsPage({ renderSla }: { renderSla?: (ticket: TicketListItem) => ReactNode } = {}) {
  useDocumentTitle('Tickets');
  const navigate = useNavigate();
  const { hasScope } = useSession();
  const canWork = hasScope(TICKETS_WORK_SCOPE);
  const { params, setParams, setFilter } = useUrlFilters();
  const key = params.toString();
  const page = useResource(key, (signal) => fetchTickets(params, signal));
  const counts = useResource(key.replace(/(^|&)cursor=[^&]*/g, ''), (signal) => fetchTicketCounts(params, signal));
  const areas = useResource('areas', () => fetchAreas());
  const properties = useResource('properties', () => fetchProperties());
  const [columns, setColumns] = useColumnChoice();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [current, setCurrent] = useState(-1);
  const [results, setResults] = useState<BulkTicketResult[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [helpOpen, setHelpOpen] = useState(false);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);

  // another page or filter: a fresh selection and no current row
  useEffect(() => {
    setSelected(new Set());
    setCurrent(-1);
  }, [key]);

  // a reload after a change keeps the rows on screen (and the keyboard's place in them)
  const [kept, setKept] = useState<{ key: string; data: TicketPage } | null>(null);
  const ready = page.status === 'ready' ? page.data : null;
  useEffect(() => {
    if (ready) setKept({ key, data: ready });
  }, [ready, key]);
  const data = page.status === 'ready' ? page.data : kept?.key === key ? kept.data : null;
  const items = useMemo(() => data?.items ?? [], [data]);
  const selectedItems = items.filter((t) => selected.has(t.id));

  const areaList = areas.status === 'ready' ? areas.data : null;
  const propertyList = properties.status === 'ready' ? properties.data : null;
  const context = useMemo<QueueCellContext>(() => {
    const areaByKey = new Map((areaList ?? []).map((area) => [area.key, area]));
    const names = new Map((propertyList ?? []).map((p) => [p.code, p.name]));
    return {
      areaTitle: (area) => areaByKey.get(area)?.title ?? area,
      propertyName: (code) => names.get(code),
      renderSla,
      // a nested area's page needs its parent submission, which the list does not carry: the
      // ticket view path redirects there
      ticketPath: (t) => {
        const area = areaByKey.get(t.area);
        return area && !area.parent ? areaDetailPath({ area: t.area }, t.id) : ticketViewPath(t.id);
      },
    };
  }, [areaList, propertyList, renderSla]);

  const toggle = (t: TicketListItem) => {
    const next = new Set(selected);
    if (next.has(t.id)) next.delete(t.id);
    else next.add(t.id);
    setSelected(next);
  };

  const reportResults = (list: BulkTicketResult[]) => {
    setResults(list);
    setAnnouncement(bulkSummary(list));
    // the refused stay selected, to try again after the reload
    setSelected(new Set(list.filter((r) => r.outcome !== 'updated').map((r) => r.id)));
    page.reload();
    counts.reload();
  };
  const reportFailure = () => {
    setAnnouncement('The change failed. Nothing was changed.');
    toast.error('The change failed. Nothing was changed.');
  };

  const focusRow = (index: number) => {
    setCurrent(index);
    links.current[index]?.focus();
  };

  useQueueShortcuts(
    {
      move: (by) => {
        if (!items.length) return;
        focusRow(
          current < 0 ? (by === 1 ? 0 : items.length - 1) : Math.min(items.length - 1, Math.max(0, current + by)),
        );
      },
      open: () => {
        const t = items[current];
        if (t) void navigate(context.ticketPath(t));
      },
      toggle: () => {
        const t = items[current];
        if (t && canWork) {
          toggle(t);
          setAnnouncement(`${t.number} ${selected.has(t.id) ? 'unselected' : 'selected'}`);
        }
      },
      assignToMe: () => {
        const t = items[current];
        if (!t) return;
        if (!canWork) {
          setAnnouncement('You cannot assign tickets.');
          return;
        }
        setAnnouncement(`Assigning ${t.number} to you…`);
        bulkUpdateTickets([{ id: t.id, version: t.version }], { assignee: { userId: 'me' } }).then(
          (response) => reportResults(response.results),
          reportFailure,
        );
      },
      help: () => setHelpOpen(true),
    },
    page.status === 'ready',
  );

  const allSelected = items.length > 0 && selectedItems.length === items.length;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Tickets</h1>
          <p className="page-header__lead">Every ticket you may read, across all form areas.</p>
        </div>
        <Button
          type="button"
          icon={<Download />}
          onClick={() => {
            downloadCsv(params).catch(() => toast.error('The CSV export failed.'));
          }}
        >
          Export CSV
        </Button>
      </div>
      {counts.status === 'ready' && <StatusChart counts={counts.data} />}
      <SavedViews params={params} setParams={setParams} />
      <TicketFilters
        params={params}
        setFilter={setFilter}
        onClear={() => {
          const next = new URLSearchParams(params);
          for (const name of [...FILTER_NAMES, 'cursor']) next.delete(name);
          setParams(next);
        }}
        areas={areaList ?? []}
        properties={propertyList ?? []}
      />
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {results && <BulkResults results={results} onClose={() => setResults(null)} />}
      {page.status === 'loading' && !data && <Loading label="Loading tickets…" />}
      {page.status === 'error' && <LoadError error={page.error} onRetry={page.reload} what="The ticket list" />}
      {data && page.status !== 'error' && (
        <>
          <div className="queue-toolbar">
            {canWork && items.length > 0 ? (
              <Checkbox
                className="queue-toolbar__all"
                label="Select all on this page"
                checked={allSelected}
                ref={(element) => {
                  if (element) element.indeterminate = selectedItems.length > 0 && !allSelected;
                }}
                onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((t) => t.id)))}
              />
            ) : null}
            <p className="queue-toolbar__count">
              {items.length === 1 ? '1 ticket' : `${items.length} tickets`} on this page
            </p>
            <Button type="button" size="small" variant="quiet" onClick={() => setHelpOpen(true)}>
              Keyboard shortcuts <kbd aria-hidden="true">?</kbd>
            </Button>
            <ColumnChooser chosen={columns} onChange={setColumns} />
          </div>
          {canWork && items.length > 0 ? (
            // the bar's place is kept while nothing is selected: rows never move under the pointer
            <div className="bulk-slot">
              {selectedItems.length > 0 ? (
                <BulkBar
                  selected={selectedItems}
                  onApplied={reportResults}
                  onFailed={reportFailure}
                  onClear={() => setSelected(new Set())}
                />
              ) : (
                <p className="bulk-bar bulk-bar--idle">
                  Select tickets to assign them or change their status or priority.
                </p>
              )}
            </div>
          ) : null}
          <div
            className="table-scroll queue-scroll"
            role="region"
            aria-label="Tickets"
            aria-busy={page.status === 'loading'}
            tabIndex={0}
          >
            <QueueTable
              items={items}
              columns={columns}
              context={context}
              selectable={canWork}
              selected={selected}
              onToggle={toggle}
              current={current}
              onCurrent={setCurrent}
              linkRef={(index, element) => {
                links.current[index] = element;
              }}
            />
          </div>
          {items.length === 0 && <p>No tickets match.</p>}
          <nav className="pager" aria-label="Pages">
            <Button type="button" disabled={!params.get('cursor')} onClick={() => setFilter('cursor', '')}>
              First page
            </Button>
            <Button
              type="button"
              disabled={!data.nextCursor}
              onClick={() => {
                const next = new URLSearchParams(params);
                next.set('cursor', data.nextCursor ?? '');
                setParams(next);
              }}
            >
              Next page
            </Button>
          </nav>
        </>
      )}
      {helpOpen ? <ShortcutsDialog onClose={() => setHelpOpen(false)} /> : null}
    </>
  );
}
