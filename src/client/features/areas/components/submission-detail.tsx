import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Submission } from '../../../../shared/submission';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { DownloadPdfButton } from '../../../components/download-pdf-button';
import { NotFound } from '../../../components/not-found';
import { LoadError, Loading } from '../../../components/status-message';
import { ticketViewPath } from '../../../config/paths';
import { StoredData } from '../../../form-engine/stored-data';
import { fetchAreas } from '../../../lib/area-api';
import { isNotFoundError } from '../../../lib/http';
import { useResource } from '../../../lib/use-resource';
import { fetchSubmission } from '../api';
import { areaCrumbs } from '../area-crumbs';
import type { AreaContext } from '../area-route';
import { usePropertyLabels } from '../use-property-labels';
import { ChildSubmissions } from './child-submissions';
import { SubmissionSummary } from './submission-summary';
import { useDocumentTitle } from '../../../lib/document-title';

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
 * The detail page body: "<number> — <area title>", the ticket summary, what other features say
 * about the record (`notes`, e.g. its assignment and rating; the route module passes them in), the
 * stored data shown read-only by the same rjsf form, and a section per child area (e.g. an
 * incident's follow-ups and insurance claims) with "New <child>" links.
 */
export function SubmissionDetail({
  context,
  notes,
}: {
  context: AreaContext;
  notes?: (submission: Submission) => ReactNode;
}) {
  const { id = '' } = useParams();
  const { area } = context;
  const result = useResource(`submission:${area.key}:${id}`, (signal) => loadSubmission(context, id, signal));
  const propertyLabels = usePropertyLabels(Boolean(area.propertyField));
  useDocumentTitle(
    result.status === 'ready' ? (result.data ? [result.data.number, area.title] : 'Record not found') : undefined,
  );
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
        <div className="page-header__actions no-print">
          <DownloadPdfButton area={area.key} id={submission.id} number={submission.number} />
          <Link className="button" to={ticketViewPath(submission.id)}>
            Open as ticket
          </Link>
        </div>
      </div>
      <SubmissionSummary submission={submission} propertyLabels={propertyLabels} />
      {notes?.(submission)}
      <section className="detail-data" aria-label="Submitted data">
        <StoredData area={context.area} submission={submission} />
      </section>
      <ChildSections context={context} submission={submission} />
    </>
  );
}
