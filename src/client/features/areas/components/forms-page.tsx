import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError, Loading } from '../../../components/status-message';
import { SearchInput } from '../../../components/ui';
import { fetchAreas } from '../../../lib/area-api';
import { useResource } from '../../../lib/use-resource';
import { groupAreas, searchAreas } from '../catalogue';
import { AreaCatalogue } from './area-catalogue';
import { useDocumentTitle } from '../../../lib/document-title';

function countText(count: number, query: string): string {
  if (!query.trim()) return '';
  if (count === 0) return `No form matches “${query.trim()}”.`;
  return count === 1 ? '1 form matches.' : `${count} forms match.`;
}

/**
 * `/Forms`: the catalogue of all form areas from `GET /api/areas`, grouped by department, with a
 * search box that finds a form by title, description and department (`?q=`, kept in the address so
 * a search can be shared and survives Back).
 */
export function FormsPage() {
  useDocumentTitle('Forms');
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const areas = useResource('areas', () => fetchAreas());
  const found = useMemo(
    () => (areas.status === 'ready' ? searchAreas(areas.data, query) : []),
    [areas.status, areas.data, query],
  );
  const groups = useMemo(() => groupAreas(found), [found]);
  const onQuery = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Forms</h1>
          <p className="page-header__lead">Choose a form to see its submissions or start a new one.</p>
        </div>
      </div>
      <div className="search-box" role="search">
        <label htmlFor={searchId}>Search forms</label>
        <SearchInput
          id={searchId}
          value={query}
          placeholder="Title, description or department"
          autoComplete="off"
          onChange={(event) => onQuery(event.target.value)}
        />
        <p className="search-box__count" role="status">
          {areas.status === 'ready' ? countText(found.length, query) : ''}
        </p>
      </div>
      {areas.status === 'loading' ? <Loading /> : null}
      {areas.status === 'error' ? (
        <LoadError what="The list of forms" error={areas.error} onRetry={areas.reload} />
      ) : null}
      {areas.status === 'ready' ? <AreaCatalogue groups={groups} /> : null}
    </>
  );
}
