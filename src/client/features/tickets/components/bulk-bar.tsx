/**
 * The bar of a selection in the `/Tickets` queue (loaded when the first ticket is selected):
 * assign to me, a person or a role group (`GET /api/tickets/assignees`), change the status, set
 * the priority — each one `POST /api/tickets/bulk` for every selected ticket, reported per ticket
 * by the page (bulk-results.tsx).
 */
import { useId, useState } from 'react';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type BulkTicketPatch,
  type BulkTicketResult,
  type TicketListItem,
} from '../../../../shared/tickets';
import { Button, Select, X } from '../../../components/ui';
import { useResource } from '../../../lib/use-resource';
import { bulkUpdateTickets, fetchAssignees } from '../api';

/** The assignee choice as a select value: `me`, `user:<id>` or `group:<id>`. */
function assigneePatch(value: string): BulkTicketPatch | null {
  if (value === 'me') return { assignee: { userId: 'me' } };
  if (value.startsWith('user:')) return { assignee: { userId: value.slice(5) } };
  if (value.startsWith('group:')) return { assignee: { groupId: value.slice(6) } };
  return null;
}

export default function BulkBar({
  selected,
  onApplied,
  onFailed,
  onClear,
}: {
  selected: readonly TicketListItem[];
  onApplied: (results: BulkTicketResult[]) => void;
  onFailed: (error: unknown) => void;
  onClear: () => void;
}) {
  const id = useId();
  const assignees = useResource('assignees', (signal) => fetchAssignees(signal));
  const [assignee, setAssignee] = useState('me');
  const [status, setStatus] = useState('');
  const [priority, setPriority] = useState('');
  const [busy, setBusy] = useState(false);

  const apply = (patch: BulkTicketPatch | null) => {
    if (!patch || busy) return;
    setBusy(true);
    bulkUpdateTickets(
      selected.map((t) => ({ id: t.id, version: t.version })),
      patch,
    )
      .then((response) => onApplied(response.results), onFailed)
      .finally(() => setBusy(false));
  };

  const count = selected.length;
  return (
    <section className="bulk-bar" aria-label="Change the selected tickets" aria-busy={busy}>
      <p className="bulk-bar__count">
        <strong>{count}</strong> selected
      </p>
      <div className="bulk-bar__action">
        <label htmlFor={`${id}-assignee`}>Assign to</label>
        <Select id={`${id}-assignee`} value={assignee} onChange={(event) => setAssignee(event.target.value)}>
          <option value="me">Me</option>
          {assignees.status === 'ready' ? (
            <>
              <optgroup label="People">
                {assignees.data.users.map((user) => (
                  <option key={user.id} value={`user:${user.id}`}>
                    {user.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Role groups">
                {assignees.data.groups.map((group) => (
                  <option key={group.id} value={`group:${group.id}`}>
                    {group.name}
                  </option>
                ))}
              </optgroup>
            </>
          ) : null}
        </Select>
        <Button
          type="button"
          size="small"
          variant="primary"
          disabled={busy}
          onClick={() => apply(assigneePatch(assignee))}
        >
          Assign
        </Button>
      </div>
      <div className="bulk-bar__action">
        <label htmlFor={`${id}-status`} className="visually-hidden">
          New status
        </label>
        <Select id={`${id}-status`} value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">Status…</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
        <Button
          type="button"
          size="small"
          disabled={busy || !status}
          onClick={() => apply({ status } as BulkTicketPatch)}
        >
          Change status
        </Button>
      </div>
      <div className="bulk-bar__action">
        <label htmlFor={`${id}-priority`} className="visually-hidden">
          New priority
        </label>
        <Select id={`${id}-priority`} value={priority} onChange={(event) => setPriority(event.target.value)}>
          <option value="">Priority…</option>
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
        <Button
          type="button"
          size="small"
          disabled={busy || !priority}
          onClick={() => apply({ priority } as BulkTicketPatch)}
        >
          Set priority
        </Button>
      </div>
      <Button
        type="button"
        size="small"
        variant="quiet"
        icon={<X />}
        className="bulk-bar__clear"
        aria-label="Clear selection"
        title="Clear selection"
        onClick={onClear}
      />
    </section>
  );
}
