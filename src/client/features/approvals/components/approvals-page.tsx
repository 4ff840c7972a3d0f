import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/status-message';
import { areaDetailPath } from '../../../config/paths';
import { fetchAreas } from '../../../lib/area-api';
import { useDocumentTitle } from '../../../lib/document-title';
import { useResource } from '../../../lib/use-resource';
import { fetchWaitingApprovals } from '../api';
import { DecisionForm } from './decision-form';
import { formatDateTime } from '../../../lib/date-format';
import { Button } from '../../../components/ui';

/**
 * `/Approvals`: the requests waiting on a decision by the signed-in user (docs/behaviour.md
 * "Approvals"), oldest first — number (a link to the ticket), form, requester, summary, the step
 * and since when it waits — each with Approve / Reject (a reason is required to reject).
 */
export function ApprovalsPage() {
  useDocumentTitle('Approvals');
  const [cursor, setCursor] = useState<string | null>(null);
  const waiting = useResource(`approvals:${cursor ?? ''}`, (signal) => fetchWaitingApprovals(cursor, signal));
  const areas = useResource('areas', () => fetchAreas());
  const titleOf = (key: string) =>
    areas.status === 'ready' ? (areas.data.find((area) => area.key === key)?.title ?? key) : key;
  return (
    <>
      <div className="page-header">
        <h1>Approvals</h1>
      </div>
      <p>Requests waiting for your decision, oldest first. Rejecting needs a reason: the requester reads it.</p>
      {waiting.status === 'loading' && <Loading label="Loading the requests…" />}
      {waiting.status === 'error' && <LoadError error={waiting.error} onRetry={waiting.reload} what="The requests" />}
      {waiting.status === 'ready' && waiting.data.items.length === 0 && <p>Nothing waits for your decision.</p>}
      {waiting.status === 'ready' && waiting.data.items.length > 0 && (
        <div className="table-scroll">
          <table className="data-table approval-table">
            <caption className="visually-hidden">Requests waiting for your decision</caption>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Form</th>
                <th scope="col">Requester</th>
                <th scope="col">Summary</th>
                <th scope="col">Step</th>
                <th scope="col">Waiting since</th>
                <th scope="col">Decision</th>
              </tr>
            </thead>
            <tbody>
              {waiting.data.items.map((item) => (
                <tr key={item.ticketId}>
                  <td>
                    <Link to={areaDetailPath({ area: item.area }, item.ticketId)}>{item.number}</Link>
                  </td>
                  <td>{titleOf(item.area)}</td>
                  <td>{item.requester.name}</td>
                  <td>{item.summary ?? '—'}</td>
                  <td>{item.step.name}</td>
                  <td>
                    <time dateTime={item.waitingSince}>{formatDateTime(item.waitingSince)}</time>
                  </td>
                  <td>
                    <DecisionForm
                      ticketId={item.ticketId}
                      version={item.version}
                      label={item.number}
                      onDecided={waiting.reload}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {waiting.status === 'ready' && (cursor !== null || waiting.data.nextCursor !== null) && (
        <nav className="pager" aria-label="Pages">
          <Button type="button" disabled={cursor === null} onClick={() => setCursor(null)}>
            First page
          </Button>
          <Button
            type="button"
            disabled={waiting.data.nextCursor === null}
            onClick={() => setCursor(waiting.data.nextCursor)}
          >
            Next page
          </Button>
        </nav>
      )}
    </>
  );
}
