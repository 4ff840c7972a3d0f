import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { AreaDefinition, FormSchemaVersion } from '../../../../shared/area';
import type { Submission } from '../../../../shared/submission';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { NotFound } from '../../../components/not-found';
import { LoadError, Loading } from '../../../components/status-message';
import { AreaForm } from '../../../form-engine/area-form';
import { isNotFoundError } from '../../../lib/http';
import { useResource } from '../../../lib/use-resource';
import { fetchAreas, fetchSchemaVersion, fetchSubmission } from '../api';
import { areaCrumbs } from '../area-crumbs';
import type { AreaContext } from '../area-route';
import { useAreaFormSchemas } from '../use-area-form-schemas';
import { usePropertyLabels } from '../use-property-labels';
import { AssignmentNote } from '../../assignments/components/assignment-note';
import { ChildSubmissions } from './child-submissions';
import { SubmissionSummary } from './submission-summary';
import { RatingNote } from '../../tickets/rating-note';

async function loadSubmission(context: AreaContext, id: string, signal: AbortSignal): Promise<Submission | null> {
  try {
    const submission = await fetchSubmission(context.area.key, id, signal);
    // Under a parent route the record must belong to that parent.
    if (context.location.parent && submission.parentId !== context.location.parent.id) return null;
    return submission;
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

function StoredForm({ area, submission }: { area: AreaDefinition; submission: Submission }) {
  const schemas = useAreaFormSchemas(area, { includeInactive: true });
  if (schemas.status === 'loading') return <Loading />;
  return <AreaForm schema={schemas.schema} uiSchema={schemas.uiSchema} formData={submission.data} readonly />;
}

function OlderVersion({ current, submission, version }: { current: AreaDefinition; submission: Submission; version: FormSchemaVersion }) {
  const area = useMemo(
    () => ({ ...current, version: version.version, schema: version.schema, uiSchema: version.uiSchema, rules: version.rules }),
    [current, version],
  );
  return (
    <>
      <p className="note">
        Shown with version {version.version} of this form, the one it was submitted with (the form is now at version{' '}
        {current.version}).
      </p>
      <StoredForm area={area} submission={submission} />
    </>
  );
}

/**
 * The stored data, shown read-only with the schema version it was submitted with (issue 4): field
 * titles from the area's JSON Schema / UI schema, rich-text fields through `RichTextView`, files as
 * download buttons. Also the submission side of the ticket view (issue 5).
 */
export function StoredData({ area, submission }: { area: AreaDefinition; submission: Submission }) {
  const { key, version: current } = area;
  const wanted = submission.schemaVersion;
  const older = useResource(`schema:${key}@${wanted}`, () =>
    wanted === current ? Promise.resolve(null) : fetchSchemaVersion(key, wanted).catch(() => null),
  );
  if (wanted === current) return <StoredForm area={area} submission={submission} />;
  if (older.status === 'loading') return <Loading />;
  if (older.status === 'ready' && older.data) return <OlderVersion current={area} submission={submission} version={older.data} />;
  return (
    <>
      <p className="note">Version {wanted} of this form is not available; shown with the current form.</p>
      <StoredForm area={area} submission={submission} />
    </>
  );
}

function ChildSections({ context, submission }: { context: AreaContext; submission: Submission }) {
  const areas = useResource('areas', () => fetchAreas());
  if (areas.status !== 'ready') return null;
  const children = areas.data.filter((area) => area.parent === context.area.key);
  return (
    <>
      {children.map((child) => (
        <ChildSubmissions key={child.key} child={child} parent={{ area: context.area.key, id: submission.id }} />
      ))}
    </>
  );
}

/**
 * The detail page body: "<number> — <area title>", the ticket summary, the stored data shown
 * read-only by the same rjsf form, and a section per child area (e.g. an incident's
 * follow-ups and insurance claims) with "New <child>" links.
 */
export function SubmissionDetail({ context }: { context: AreaContext }) {
  const { id = '' } = useParams();
  const { area } = context;
  const result = useResource(`submission:${area.key}:${id}`, (signal) => loadSubmission(context, id, signal));
  const propertyLabels = usePropertyLabels(Boolean(area.propertyField));
  if (result.status === 'loading') return <Loading />;
  if (result.status === 'error')
    return <LoadError what="This submission" error={result.error} onRetry={result.reload} />;
  const submission = result.data;
  if (!submission) return <NotFound />;
  return (
    <>
      <Breadcrumbs items={areaCrumbs(context, [{ label: submission.number }])} />
      <div className="page-header">
        <h1>
          {submission.number} — {area.title}
        </h1>
        <Link className="button" to={`/Tickets/comments/${submission.id}`}>
          Open as ticket
        </Link>
      </div>
      <SubmissionSummary submission={submission} propertyLabels={propertyLabels} />
      <AssignmentNote area={area.key} id={submission.id} version={submission.version} />
      <RatingNote id={submission.id} status={submission.status} />
      <section className="detail-data" aria-label="Submitted data">
        <StoredData area={context.area} submission={submission} />
      </section>
      <ChildSections context={context} submission={submission} />
    </>
  );
}
