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
import { formDescription } from '../form-description';
import { lazyComponent } from '../../../lib/lazy-component';
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

/**
 * The form body and the form engine it imports: a chunk of its own, so the page's header shows as
 * soon as the area is known, while the form engine and the form's widgets are still loading.
 */
const { Component: CreateSubmission, preload: preloadCreateSubmission } = lazyComponent(
  () => import('./create-submission'),
  'CreateSubmission',
  <Loading />,
);

/**
 * Starts the form body's chunk (and the form engine's) without rendering the page: the create
 * route's `loader` calls it as soon as the route's module is in, beside the area's request.
 */
export function preloadCreatePageChunks(): void {
  void preloadCreateSubmission();
}

/** The create page's header: crumbs, "New {title}", the area's summary and the form's own description. */
function CreatePageHeader({ context }: { context: AreaContext }) {
  const { area } = context;
  useDocumentTitle(`New ${area.title}`);
  const description = formDescription(area.schema);
  return (
    <>
      <Breadcrumbs items={areaCrumbs(context, [{ label: 'New' }])} />
      <div className="page-header">
        <div>
          <h1>New {area.title}</h1>
          {area.description ? <p className="page-header__lead">{area.description}</p> : null}
          {description ? <p className="page-header__form-description">{description}</p> : null}
        </div>
      </div>
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
 * `/{Area}/Form` and `/{Parent}/{parentId}/{Area}/Form`: the create page, its header first, then
 * the form (which loads the form engine);
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
            <CreatePageHeader context={context} />
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
