import { useMemo } from 'react';
import { LoadError, Loading } from '../../components/status-message';
import { fetchAreas } from '../../features/areas/api';
import { groupAreas } from '../../features/areas/catalogue';
import { AreaCatalogue } from '../../features/areas/components/area-catalogue';
import { useResource } from '../../lib/use-resource';

/** `/Forms`: the catalogue of all form areas from `GET /api/areas`, grouped by department. */
export default function FormsPage() {
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
