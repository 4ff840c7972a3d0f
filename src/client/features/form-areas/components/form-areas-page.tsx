import type { FormAreaOverview, FormAreaState } from '../../../../shared/form-areas';
import { LoadError, Loading } from '../../../components/status-message';
import { DISPLAY_LOCALE } from '../../../config/env';
import { useResource } from '../../../lib/use-resource';
import { compareText } from '../../../lib/compare-text';
import { fetchFormAreas } from '../api';
import '../form-areas.css';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button } from '../../../components/ui';

const STATUS_LABEL: Record<FormAreaState['status'], string> = {
  loaded: 'Loaded',
  broken: 'Broken',
  removed: 'Removed',
};

const STATUS_ORDER: Record<FormAreaState['status'], number> = { broken: 0, loaded: 1, removed: 2 };

/** Broken folders first (what needs an administrator), then loaded areas, then removed ones; by key within each. */
const brokenFirst = (areas: readonly FormAreaState[]) =>
  [...areas].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || compareText(a.key, b.key));

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString(DISPLAY_LOCALE)} ${count === 1 ? one : many}`;

function Summary({ overview }: { overview: FormAreaOverview }) {
  const serving = overview.areas.filter((area) => area.version !== null).length;
  const broken = overview.areas.filter((area) => area.status === 'broken').length;
  const removed = overview.areas.filter((area) => area.status === 'removed').length;
  const checked = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(overview.checkedAt),
  );
  return (
    <p>
      {plural(serving, 'area serves', 'areas serve')}, {plural(broken, 'folder is broken', 'folders are broken')}
      {removed ? `, ${plural(removed, 'removed area has', 'removed areas have')} stored submissions` : ''}. Folders last
      checked <time dateTime={overview.checkedAt}>{checked}</time>.
    </p>
  );
}

function StatusCell({ area }: { area: FormAreaState }) {
  return (
    <td data-label="Status" className="form-areas__status">
      <div>
        <span className={`status-badge status-badge--${area.status}`}>{STATUS_LABEL[area.status]}</span>
        {area.status === 'broken' ? (
          <p className="form-areas__serving">
            {area.servingLastGood
              ? `Its last good version (${area.version ?? '?'}) keeps serving until the folder is fixed.`
              : 'Not serving: the form is unavailable until the folder is fixed.'}
          </p>
        ) : null}
        {area.status === 'removed' ? (
          <p className="form-areas__serving">Its submissions stay readable from Tickets.</p>
        ) : null}
        {area.problems.length ? (
          <ul className="form-areas__problems" aria-label={`Problems of ${area.key}`}>
            {area.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </td>
  );
}

function AreaRow({ area }: { area: FormAreaState }) {
  return (
    <tr>
      <th scope="row" data-label="Area">
        <div>
          {area.title ?? area.key}
          {area.title && area.title !== area.key ? (
            <>
              <br />
              <code>{area.key}</code>
            </>
          ) : null}
        </div>
      </th>
      <td data-label="Group">{area.group ?? '—'}</td>
      <td data-label="Folder">{area.folder ? <code>{area.folder}</code> : 'none'}</td>
      <td data-label="Version">{area.version ?? '—'}</td>
      <StatusCell area={area} />
      <td data-label="Submissions">
        <div>
          {area.submissions.toLocaleString(DISPLAY_LOCALE)}
          {area.versionsUsed.length ? (
            <ul className="form-areas__versions" aria-label={`Submissions of ${area.key} by schema version`}>
              {area.versionsUsed.map(({ version, count }) => (
                <li key={version}>
                  version {version}: {count.toLocaleString(DISPLAY_LOCALE)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/**
 * `/FormAreas` (administrators; docs/behaviour.md "Form areas"): every folder of the schemas
 * folder as the server last judged it — key, title, group, folder, the schema version new
 * submissions get, its problems (and whether the last good version keeps serving), and how many
 * stored submissions used each schema version — plus removed areas whose submissions are stored.
 * Below 768 px each row shows as a card.
 */
export function FormAreasPage() {
  useDocumentTitle('Form areas');
  const overview = useResource('form-areas', (signal) => fetchFormAreas(signal));
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Form areas</h1>
          <p className="page-header__lead">
            Each folder of the schemas folder is one form area. The server picks up added, changed and removed folders
            by itself; a broken folder is left out until it is fixed, while the version that served before keeps
            serving.
          </p>
        </div>
        <div className="page-header__actions">
          <Button type="button" onClick={overview.reload} disabled={overview.status === 'loading'}>
            Refresh
          </Button>
        </div>
      </div>
      {overview.status === 'loading' ? <Loading label="Loading the form areas…" /> : null}
      {overview.status === 'error' ? (
        <LoadError error={overview.error} onRetry={overview.reload} what="The form areas" />
      ) : null}
      {overview.status === 'ready' ? (
        <>
          <Summary overview={overview.data} />
          <div className="table-scroll" role="region" aria-label="Form areas" tabIndex={0}>
            <table className="data-table form-areas-table">
              <caption className="visually-hidden">
                Form areas, broken folders first, then by key, with their status and stored submissions
              </caption>
              <thead>
                <tr>
                  <th scope="col">Area</th>
                  <th scope="col">Group</th>
                  <th scope="col">Folder</th>
                  <th scope="col">Version</th>
                  <th scope="col">Status</th>
                  <th scope="col">Submissions</th>
                </tr>
              </thead>
              <tbody>
                {brokenFirst(overview.data.areas).map((area) => (
                  <AreaRow key={area.key} area={area} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </>
  );
}
