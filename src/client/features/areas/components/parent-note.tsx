import { Link } from 'react-router';
import { areaListPath } from '../../../config/paths';
import { useResource } from '../../../lib/use-resource';
import { fetchArea } from '../../../lib/area-api';

/**
 * For a nested area reached at top level (`/IncidentFollowUp`): explains that its records are
 * added from a parent record, with a link to the parent area's list.
 */
export function ParentNote({ parentKey, childTitle }: { parentKey: string; childTitle: string }) {
  const parent = useResource(`area:${parentKey}`, () => fetchArea(parentKey));
  const parentTitle = parent.status === 'ready' ? parent.data.title : parentKey;
  return (
    <p className="note">
      Each {childTitle.toLowerCase()} belongs to a record of{' '}
      <Link to={areaListPath({ area: parentKey })}>{parentTitle}</Link>. To add one, open that record and use its “New{' '}
      {childTitle}” link.
    </p>
  );
}
