import { useMemo } from 'react';
import { LoadError, Loading } from '../../../components/status-message';
import { fetchAreas } from '../../../lib/area-api';
import { useResource } from '../../../lib/use-resource';
import { groupAreas } from '../catalogue';
import { AreaCatalogue } from './area-catalogue';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/Forms`: the catalogue of all form areas from `GET /api/areas`, grouped by department. */
export function FormsPage() {
  useDocumentTitle('Forms');
  const areas = useResource('areas', () => fetchAreas());
  const groups = useMemo(() => (areas.status === 'ready' ? groupAreas(areas.data) : []), [areas.status, areas.data]);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Forms</h1>
          <p className="page-header__lead">Choose a form to see its submissions or start a new one.</p>
        </div>
      </div>
      {areas.status === 'loading' ? <Loading /> : null}
      {areas.status === 'error' ? <LoadError what="The list of forms" error={areas.error} onRetry={areas.reload} /> : null}
      {areas.status === 'ready' ? <AreaCatalogue groups={groups} /> : null}
    </>
  );
}
