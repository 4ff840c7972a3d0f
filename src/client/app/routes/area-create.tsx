import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { areaListPath } from '../../config/paths';
import { AreaGate } from '../../features/areas/components/area-gate';
import { CreateSubmission } from '../../features/areas/components/create-submission';
import { areaCrumbs } from '../../features/areas/area-crumbs';
import { WithFormHelp } from '../../features/content/components/form-help';
import type { AreaContext } from '../../features/areas/area-route';

function ParentRequired({ context }: { context: AreaContext }) {
  const { area } = context;
  return (
    <>
      <Breadcrumbs items={areaCrumbs(context, [{ label: 'New' }])} />
      <h1>New {area.title}</h1>
      <p className="note">
        {area.title} records are added from the record they belong to. Open it from{' '}
        <Link to={areaListPath({ area: area.parent ?? '' })}>its list</Link> and use its “New {area.title}” link.
      </p>
    </>
  );
}

/** `/{Area}/Form` and `/{Parent}/{parentId}/{Area}/Form`: the create page (loads the form engine). */
export default function AreaCreatePage() {
  return (
    <AreaGate>
      {(context) =>
        context.area.parent && !context.location.parent ? (
          <ParentRequired context={context} />
        ) : (
          <WithFormHelp area={context.area.key}>
            <CreateSubmission key={JSON.stringify(context.location)} context={context} />
          </WithFormHelp>
        )
      }
    </AreaGate>
  );
}
