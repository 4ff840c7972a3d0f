import { Link } from 'react-router';
import type { AreaSummary } from '../../../../shared/area';
import { LoadError, Loading } from '../../../components/status-message';
import { areaCreatePath, areaDetailPath, areaListPath, type AreaLocation } from '../../../config/paths';
import { useResource } from '../../../lib/use-resource';
import { fetchSubmissions } from '../api';
import { formatDateTime } from '../../../lib/date-format';
import { ButtonLink, StatusBadge } from '../../../components/ui';

/** How many children a parent's detail page lists per child area before "View all". */
export const CHILD_PREVIEW_LIMIT = 10;

/**
 * One child area's section on a parent's detail page (e.g. the follow-ups of an incident): the
 * parent's children of that area, a "New <child title>" link and a link to the full list.
 */
export function ChildSubmissions({ child, parent }: { child: AreaSummary; parent: { area: string; id: string } }) {
  const location: AreaLocation = { area: child.key, parent };
  const page = useResource(`children:${child.key}:${parent.id}`, (signal) =>
    fetchSubmissions(child.key, { parentId: parent.id, limit: CHILD_PREVIEW_LIMIT }, signal),
  );
  const headingId = `children-${child.key}`;
  return (
    <section className="child-section" aria-labelledby={headingId}>
      <div className="child-section__header">
        <h2 id={headingId}>{child.title}</h2>
        <ButtonLink to={areaCreatePath(location)}>New {child.title}</ButtonLink>
      </div>
      {page.status === 'loading' ? <Loading /> : null}
      {page.status === 'error' ? <LoadError what={child.title} error={page.error} onRetry={page.reload} /> : null}
      {page.status === 'ready' && page.data.items.length === 0 ? <p className="empty-state">None yet.</p> : null}
      {page.status === 'ready' && page.data.items.length > 0 ? (
        <ul className="child-list">
          {page.data.items.map((item) => (
            <li key={item.id}>
              <Link to={areaDetailPath(location, item.id)}>{item.number}</Link>
              <StatusBadge status={item.status} />
              <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
            </li>
          ))}
        </ul>
      ) : null}
      {page.status === 'ready' && page.data.nextCursor ? (
        <p>
          <Link to={areaListPath(location)}>View all {child.title.toLowerCase()} records</Link>
        </p>
      ) : null}
    </section>
  );
}
