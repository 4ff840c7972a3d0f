import type { ComponentType, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Loading } from '../../../components/status-message';
import { areaListPath } from '../../../config/paths';
import { getOutboxItem, type OutboxItem } from '../../../lib/outbox';
import { useResource } from '../../../lib/use-resource';
import { areaCrumbs } from '../area-crumbs';
import type { AreaContext } from '../area-route';
import { AreaGate } from './area-gate';
import { CreateSubmission } from './create-submission';
import { useDocumentTitle } from '../../../lib/document-title';

/** What the create page puts around its form, given the area key (e.g. the area's help text beside it). */
export type FormFrame = ComponentType<{ area: string; children: ReactNode }>;

function ParentRequired({ context }: { context: AreaContext }) {
  const { area } = context;
  useDocumentTitle(`New ${area.title}`);
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
 * `?draft={idempotencyKey}` reopens a submission the server refused from the offline outbox. The
 * form is rendered inside `Frame` (the route module passes the form-help frame of the content
 * feature).
 */
export function AreaCreatePage({ Frame }: { Frame: FormFrame }) {
  const { isLoading, draft } = useOutboxDraft();
  if (isLoading) return <Loading />;
  return (
    <AreaGate>
      {(context) =>
        context.area.parent && !context.location.parent ? (
          <ParentRequired context={context} />
        ) : (
          <Frame area={context.area.key}>
            <CreateSubmission
              key={`${JSON.stringify(context.location)}:${draft?.idempotencyKey ?? ''}`}
              context={context}
              outboxItem={draft?.area === context.area.key ? draft : undefined}
            />
          </Frame>
        )
      }
    </AreaGate>
  );
}
