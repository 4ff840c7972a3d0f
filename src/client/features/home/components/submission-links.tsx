import { Link } from 'react-router';
import type { Submission } from '../../../../shared/submission';
import { areaDetailPath } from '../../../config/paths';
import { formatDateTime } from '../../../lib/date-format';
import { StatusBadge } from '../../../components/ui';

/** What the list shows of a submission (ticket list items carry no `data`). */
type ListedSubmission = Omit<Submission, 'data'>;

function detailPath(item: ListedSubmission, parentAreas: ReadonlyMap<string, string>): string {
  const parentArea = parentAreas.get(item.area);
  const parent = parentArea && item.parentId ? { area: parentArea, id: item.parentId } : undefined;
  return areaDetailPath({ area: item.area, parent }, item.id);
}

/**
 * A short list of submissions: number (link), summary, status and time; `empty` when there are none.
 * Numbers link to the record's page (for everyone the ticket page).
 */
export function SubmissionLinks({
  items,
  empty,
  parentAreas,
}: {
  items: ListedSubmission[];
  empty: string;
  /** Parent area key of each nested area (e.g. IncidentFollowUp → IncidentForm), for nested records' paths. */
  parentAreas: ReadonlyMap<string, string>;
}) {
  if (items.length === 0) return <p className="note">{empty}</p>;
  return (
    <ul className="plain-list">
      {items.map((item) => (
        <li key={item.id}>
          <Link to={detailPath(item, parentAreas)}>{item.number}</Link>
          {item.summary ? ` — ${item.summary}` : ''} <StatusBadge status={item.status} />{' '}
          <time dateTime={item.createdAt} className="announcement__date">
            {formatDateTime(item.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
