import { Link, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { areaListPath } from '../../config/paths';
import { AreaGate } from '../../features/areas/components/area-gate';
import { CreateSubmission } from '../../features/areas/components/create-submission';
import { areaCrumbs } from '../../features/areas/area-crumbs';
import { WithFormHelp } from '../../features/content/components/form-help';
import { Loading } from '../../components/status-message';
import { getOutboxItem, type OutboxItem } from '../../lib/outbox';
import { useResource } from '../../lib/use-resource';
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

/** `?draft={key}`: the outbox draft to edit, loaded before the form (undefined when absent or unknown). */
function useOutboxDraft(): { isLoading: boolean; draft: OutboxItem | undefined } {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('draft') ?? '';
  const draft = useResource(`draft:${key}`, () => (key ? getOutboxItem(key) : Promise.resolve(undefined)));
  return { isLoading: draft.status === 'loading', draft: draft.status === 'ready' ? draft.data : undefined };
}

/**
 * `/{Area}/Form` and `/{Parent}/{parentId}/{Area}/Form`: the create page (loads the form engine);
 * `?draft={idempotencyKey}` reopens a submission the server refused from the offline outbox.
 */
export default function AreaCreatePage() {
  const { isLoading, draft } = useOutboxDraft();
  if (isLoading) return <Loading />;
  return (
    <AreaGate>
      {(context) =>
        context.area.parent && !context.location.parent ? (
          <ParentRequired context={context} />
        ) : (
          <WithFormHelp area={context.area.key}>
            <CreateSubmission
              key={`${JSON.stringify(context.location)}:${draft?.idempotencyKey ?? ''}`}
              context={context}
              outboxItem={draft?.area === context.area.key ? draft : undefined}
            />
          </WithFormHelp>
        )
      }
    </AreaGate>
  );
}
