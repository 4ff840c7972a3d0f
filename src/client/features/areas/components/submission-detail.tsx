/**
 * The area feature's parts of a record's page (`/{Area}/{id}`, `/{Parent}/{parentId}/{Area}/{id}`):
 * where the record belongs, its breadcrumbs and heading, and its child areas. The record itself
 * (form, ticket panel, comments) is the tickets feature's; app/routes/area-detail.tsx composes both.
 */
import { Navigate } from 'react-router';
import type { Submission } from '../../../../shared/submission';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { DownloadPdfButton } from '../../../components/download-pdf-button';
import { NotFound } from '../../../components/not-found';
import { areaDetailPath } from '../../../config/paths';
import { fetchAreas } from '../../../lib/area-api';
import { useResource } from '../../../lib/use-resource';
import { areaCrumbs } from '../area-crumbs';
import type { AreaContext } from '../area-route';
import { ChildSubmissions } from './child-submissions';

type RecordRef = Pick<Submission, 'id' | 'area' | 'parentId'>;

/**
 * What stands instead of the record's page when `record` is not this route's: the not-found page
 * for a record of another area or, under a parent route, of another parent; a redirect (replace)
 * to `/{Parent}/{parentId}/{Area}/{id}` for a child area's record reached at `/{Area}/{id}`, so
 * its breadcrumbs lead to its parent. Null when the record belongs here.
 */
export function recordElsewhere(context: AreaContext, record: RecordRef) {
  const { area, location } = context;
  if (record.area !== area.key) return <NotFound />;
  if (location.parent) return record.parentId === location.parent.id ? null : <NotFound />;
  if (area.parent && record.parentId) {
    const nested = areaDetailPath({ area: area.key, parent: { area: area.parent, id: record.parentId } }, record.id);
    return <Navigate to={nested} replace />;
  }
  return null;
}

/** Breadcrumbs, the "<number> — <area title>" heading and the Download PDF button of a record. */
export function RecordHeader({ context, record }: { context: AreaContext; record: Pick<Submission, 'id' | 'number'> }) {
  const { area } = context;
  return (
    <>
      <Breadcrumbs items={areaCrumbs(context, [{ label: record.number }])} />
      <div className="page-header">
        <h1>
          {record.number} — {area.title}
        </h1>
        <div className="page-header__actions no-print">
          <DownloadPdfButton area={area.key} id={record.id} number={record.number} />
        </div>
      </div>
    </>
  );
}

/** A section per child area of the record's area (e.g. an incident's follow-ups) with "New <child>" links. */
export function ChildSections({ context, record }: { context: AreaContext; record: Pick<Submission, 'id'> }) {
  const areas = useResource('areas', () => fetchAreas());
  if (areas.status !== 'ready') return null;
  const children = areas.data.filter((area) => area.parent === context.area.key);
  return (
    <>
      {children.map((child) => (
        <ChildSubmissions key={child.key} child={child} parent={{ area: context.area.key, id: record.id }} />
      ))}
    </>
  );
}
