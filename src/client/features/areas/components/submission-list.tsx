import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { LoadError, Loading } from '../../../components/status-message';
import { areaCreatePath } from '../../../config/paths';
import { useResource } from '../../../lib/use-resource';
import { fetchSubmissions } from '../api';
import { areaCrumbs } from '../area-crumbs';
import type { AreaContext } from '../area-route';
import { buildListColumns } from '../list-format';
import { usePropertyLabels } from '../use-property-labels';
import { Pager } from './pager';
import { ParentNote } from './parent-note';
import { SearchBox } from './search-box';
import { SubmissionsTable } from './submissions-table';
import { useDocumentTitle } from '../../../lib/document-title';
import { ButtonLink } from '../../../components/ui';

/** History state of a list page: the cursors of the pages before this one ("Previous page"). */
type ListHistoryState = { cursors: string[] };

function readCursorStack(state: unknown): string[] {
  const cursors =
    typeof state === 'object' && state !== null ? (state as Partial<ListHistoryState>).cursors : undefined;
  return Array.isArray(cursors) ? cursors.filter((cursor): cursor is string => typeof cursor === 'string') : [];
}

/**
 * An area's list page: title, description, "New", a search box (`q` in the URL), the table of
 * submissions newest first, and keyset paging (`cursor` in the URL, earlier cursors in the
 * history state so "Previous page" works after a reload). Nested areas list one parent's children.
 */
export function SubmissionList({ context }: { context: AreaContext }) {
  const { area, location } = context;
  useDocumentTitle(area.title);
  const [searchParams, setSearchParams] = useSearchParams();
  const historyLocation = useLocation();
  const q = searchParams.get('q') ?? '';
  const cursor = searchParams.get('cursor') ?? '';
  const stack = readCursorStack(historyLocation.state);
  const parentId = location.parent?.id;
  const columns = useMemo(() => buildListColumns(area), [area]);
  const propertyLabels = usePropertyLabels(columns.some((column) => column.isProperty));
  const page = useResource(JSON.stringify([area.key, parentId, q, cursor]), (signal) =>
    fetchSubmissions(area.key, { q, cursor, parentId }, signal),
  );
  const isOrphanChild = Boolean(area.parent) && !location.parent;

  const go = (next: { q: string; cursor: string }, cursors: string[]) => {
    const params: Record<string, string> = {};
    if (next.q) params.q = next.q;
    if (next.cursor) params.cursor = next.cursor;
    setSearchParams(params, { state: { cursors } satisfies ListHistoryState, replace: next.cursor === cursor });
  };

  return (
    <>
      <Breadcrumbs items={areaCrumbs(context)} />
      <div className="page-header">
        <div>
          <h1>{area.title}</h1>
          {area.description ? <p className="page-header__lead">{area.description}</p> : null}
        </div>
        {isOrphanChild ? null : (
          <ButtonLink to={areaCreatePath(location)} variant="primary">
            New
          </ButtonLink>
        )}
      </div>
      {isOrphanChild && area.parent ? <ParentNote parentKey={area.parent} childTitle={area.title} /> : null}
      <SearchBox value={q} onSearch={(text) => go({ q: text.trim(), cursor: '' }, [])} placeholder="Number or text" />
      {page.status === 'loading' ? <Loading /> : null}
      {page.status === 'error' ? <LoadError what="The list" error={page.error} onRetry={page.reload} /> : null}
      {page.status === 'ready' && page.data.items.length === 0 ? (
        <p className="empty-state">
          {q ? `No submissions match “${q}”.` : cursor ? 'No more submissions.' : 'No submissions yet'}
        </p>
      ) : null}
      {page.status === 'ready' && page.data.items.length > 0 ? (
        <SubmissionsTable
          caption={`${area.title} submissions`}
          items={page.data.items}
          columns={columns}
          location={location}
          propertyLabels={propertyLabels}
        />
      ) : null}
      {page.status === 'ready' ? (
        <Pager
          hasPrevious={cursor !== ''}
          hasNext={page.data.nextCursor !== null}
          onPrevious={() => go({ q, cursor: stack.at(-1) ?? '' }, stack.slice(0, -1))}
          onNext={() => go({ q, cursor: page.data.nextCursor ?? '' }, [...stack, cursor])}
        />
      ) : null}
    </>
  );
}
