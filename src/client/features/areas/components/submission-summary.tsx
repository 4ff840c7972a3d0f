import type { ReactNode } from 'react';
import type { Submission } from '../../../../shared/submission';
import { formatDateTime } from '../../../lib/date-format';

/**
 * The ticket fields of a submission as a definition list: Status, Priority, Requester,
 * Property (`code — name` when known), Created and Updated (Intl, en-US).
 */
export function SubmissionSummary({
  submission,
  propertyLabels,
}: {
  submission: Submission;
  propertyLabels: ReadonlyMap<string, string> | null;
}) {
  const property = submission.property ? (propertyLabels?.get(submission.property) ?? submission.property) : '—';
  const rows: Array<[string, ReactNode]> = [
    [
      'Status',
      <span className={`status-badge status-badge--${submission.status.toLowerCase().replace(/\s+/g, '-')}`}>
        {submission.status}
      </span>,
    ],
    ['Priority', submission.priority],
    ['Requester', submission.requester.name],
    ['Property', property],
    ['Created', <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time>],
    ['Updated', <time dateTime={submission.updatedAt}>{formatDateTime(submission.updatedAt)}</time>],
  ];
  return (
    <dl className="summary">
      {rows.map(([label, value]) => (
        <div className="summary__item" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
