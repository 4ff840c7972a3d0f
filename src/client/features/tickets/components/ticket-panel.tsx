/**
 * The side panel of the ticket page: status, priority, assignee (user and role
 * group), due date, requester, property, submitted, the rating, and the actions allowed to this user —
 * status moves, the handler's priority / assignee / due-date controls, and the requester's
 * "Rate this ticket" link once the ticket is Resolved. Every change goes through `onSave`
 * (PATCH with If-Match; the page tells the user about a 412 and reloads).
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TICKET_PRIORITIES, type Ticket, type TicketPatch } from '../../../../shared/tickets';
import { areaDetailPath } from '../../../config/paths';
import { formatDateTime } from '../../../lib/date-format';
import { useResource } from '../../../lib/use-resource';
import { Button, ButtonLink, Field, Panel, Select, StatusBadge, TextInput } from '../../../components/ui';
import { fetchAssignees } from '../api';

type SaveTicket = (patch: TicketPatch) => Promise<void>;

/** `YYYY-MM-DDTHH:mm` in local time for a `datetime-local` input (empty for none). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Assignee user and role-group selects (handlers only); choosing one saves at once. */
function AssigneeControls({ ticket, onSave }: { ticket: Ticket; onSave: SaveTicket }) {
  const options = useResource('ticket-assignees', (signal) => fetchAssignees(signal));
  const id = useId();
  if (options.status !== 'ready') return <>{options.status === 'loading' ? 'Loading…' : 'Assignees unavailable'}</>;
  const { users, groups } = options.data;
  return (
    <div className="ticket-panel__controls">
      <Field label="User" htmlFor={`${id}-user`}>
        <Select
          id={`${id}-user`}
          value={ticket.assigneeUser?.id ?? ''}
          onChange={(e) => void onSave({ assigneeUserId: e.target.value || null })}
        >
          <option value="">— nobody —</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Role group" htmlFor={`${id}-group`}>
        <Select
          id={`${id}-group`}
          value={ticket.assigneeGroup?.id ?? ''}
          onChange={(e) => void onSave({ assigneeGroupId: e.target.value || null })}
        >
          <option value="">— no group —</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

/** Due date as a local date-time input with Save and Clear (handlers only). */
function DueControls({ ticket, onSave }: { ticket: Ticket; onSave: SaveTicket }) {
  const [value, setValue] = useState(() => toLocalInput(ticket.dueAt));
  const changed = value !== toLocalInput(ticket.dueAt);
  const id = useId();
  return (
    <form
      className="ticket-panel__controls"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave({ dueAt: value ? new Date(value).toISOString() : null });
      }}
    >
      <Field label="Due date" htmlFor={id}>
        <TextInput id={id} type="datetime-local" value={value} onChange={(e) => setValue(e.target.value)} />
      </Field>
      <div className="ticket-panel__buttons">
        <Button type="submit" size="small" disabled={!changed}>
          Save due date
        </Button>
        {ticket.dueAt ? (
          <Button type="button" size="small" variant="quiet" onClick={() => void onSave({ dueAt: null })}>
            Clear due date
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * See the module comment; other features' pieces the route module composes in: `sla` (the service
 * level, its own card) and `extra` (the approval and the assignment note, at the end).
 * `propertyName` is the name of the ticket's property (shown with its code in small type).
 */
export function TicketPanel({
  ticket,
  onSave,
  propertyName,
  sla,
  extra,
}: {
  ticket: Ticket;
  onSave: SaveTicket;
  propertyName?: string;
  sla?: ReactNode;
  extra?: ReactNode;
}) {
  const fields = ticket.allowed?.fields ?? [];
  const canAssign = fields.includes('assigneeUserId') || fields.includes('assigneeGroupId');
  const assignee = [ticket.assigneeUser?.name, ticket.assigneeGroup?.name].filter(Boolean).join(' · ') || '—';
  const due = ticket.dueAt ? formatDateTime(ticket.dueAt) : '—';
  const nextStatuses = ticket.allowed?.nextStatuses ?? [];
  const feedbackForm = ticket.allowed?.feedbackForm ?? null;
  // a row with a control takes the panel's full width, the control under its name
  const wide = (hasControl: boolean) => (hasControl ? 'ticket-panel__wide' : undefined);
  return (
    <>
      <Panel title="Ticket" className="ticket-panel">
        <dl>
          <dt>Status</dt>
          <dd data-testid="ticket-status">
            <StatusBadge status={ticket.status} />
          </dd>
          <dt className={wide(fields.includes('priority'))}>Priority</dt>
          <dd className={wide(fields.includes('priority'))}>
            {fields.includes('priority') ? (
              <Select
                value={ticket.priority}
                aria-label="Priority"
                onChange={(e) => void onSave({ priority: e.target.value as TicketPatch['priority'] })}
              >
                {TICKET_PRIORITIES.map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </Select>
            ) : (
              <span data-testid="ticket-priority">{ticket.priority}</span>
            )}
          </dd>
          <dt className={wide(canAssign)}>Assignee</dt>
          <dd className={wide(canAssign)}>
            <span data-testid="ticket-assignee">{assignee}</span>
            {canAssign ? <AssigneeControls ticket={ticket} onSave={onSave} /> : null}
          </dd>
          <dt className={wide(fields.includes('dueAt'))}>Due</dt>
          <dd className={wide(fields.includes('dueAt'))}>
            <span data-testid="ticket-due" className={ticket.isOverdue ? 'is-overdue' : undefined}>
              {due}
              {ticket.isOverdue ? ' (overdue)' : ''}
            </span>
            {fields.includes('dueAt') ? <DueControls key={ticket.dueAt ?? ''} ticket={ticket} onSave={onSave} /> : null}
          </dd>
          <dt>Requester</dt>
          <dd>{ticket.requester.name}</dd>
          <dt>Property</dt>
          <dd data-testid="ticket-property">
            {ticket.property ? (
              propertyName ? (
                <>
                  {propertyName} <small className="ticket-panel__code">{ticket.property}</small>
                </>
              ) : (
                ticket.property
              )
            ) : (
              '—'
            )}
          </dd>
          <dt>Submitted</dt>
          <dd>
            <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
          </dd>
          <dt>Rating</dt>
          <dd data-testid="ticket-rating">
            {ticket.feedback ? (
              <Link to={areaDetailPath({ area: ticket.feedback.area }, ticket.feedback.id)}>
                {ticket.feedback.rating === null ? 'Rated' : `Rated ${ticket.feedback.rating}/5`}
              </Link>
            ) : (
              'Not rated'
            )}
          </dd>
        </dl>
        {nextStatuses.length || feedbackForm ? (
          <div className="ticket-actions" role="group" aria-label="Actions">
            {feedbackForm ? (
              <ButtonLink variant="primary" to={feedbackForm}>
                Rate this ticket
              </ButtonLink>
            ) : null}
            {nextStatuses.map((status) => (
              <Button key={status} type="button" onClick={() => void onSave({ status })}>
                Move to {status}
              </Button>
            ))}
          </div>
        ) : null}
      </Panel>
      {sla ? <div className="ui-panel">{sla}</div> : null}
      {extra}
    </>
  );
}
