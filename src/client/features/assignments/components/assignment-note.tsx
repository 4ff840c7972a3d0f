import type { SubmissionAssignment } from '../../../../shared/assignment';
import { useResource } from '../../../lib/use-resource';
import { fetchSubmissionAssignment } from '../api';
import '../assignments.css';

function assigneeText(assignment: SubmissionAssignment): string | null {
  const names = [assignment.assigneeUser?.name, assignment.assigneeGroup?.name].filter(Boolean);
  return names.length ? names.join(' and ') : null;
}

/**
 * On a submission's page: "Assigned to <user and/or group> by rule “<name>”" (the ticket records
 * which rule assigned it), or nothing while unassigned or when the answer fails.
 */
export function AssignmentNote({ area, id, version }: { area: string; id: string; version: number }) {
  const result = useResource(`assignment:${area}:${id}:${version}`, (signal) =>
    fetchSubmissionAssignment(area, id, signal),
  );
  if (result.status !== 'ready') return null;
  const assignee = assigneeText(result.data);
  if (!assignee) return null;
  return (
    <p className="assignment-note note" aria-label="Assignment">
      Assigned to <strong>{assignee}</strong>
      {result.data.rule ? <> by rule “{result.data.rule.name}”</> : null}.
    </p>
  );
}
