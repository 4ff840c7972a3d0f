/**
 * The table of the `/Tickets` queue: a selection checkbox and the ticket number (the row's link)
 * first, then the chosen columns (queue-columns.tsx) at fixed widths, so the table fits its
 * container; the summary takes the rest of the row on one line, cut with an ellipsis (the full text
 * stays in the cell for screen readers and in its `title`). Below 40 rem wide the rows become cards
 * (lists.css). The current row of the keyboard shortcuts is marked `is-current`.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../../shared/display-format';
import type { TicketListItem } from '../../../../shared/tickets';
import { Checkbox, StatusBadge } from '../../../components/ui';
import { COLUMNS, NUMBER_WIDTH, SELECT_WIDTH, SUMMARY_MIN_WIDTH, type ColumnId } from './queue-columns';

/** What the cells need besides the ticket: area titles, property names, the SLA cell and the link. */
export type QueueCellContext = {
  areaTitle: (key: string) => string;
  propertyName: (code: string) => string | undefined;
  renderSla?: (ticket: TicketListItem) => ReactNode;
  ticketPath: (ticket: TicketListItem) => string;
};

function Truncated({ text }: { text: string }) {
  return (
    <span className="queue-table__truncate" title={text}>
      {text}
    </span>
  );
}

/**
 * A ticket number `{Area}-{sequence}`: on one line when the column has room; otherwise the area key
 * wraps (anywhere, when it is long) and the sequence stays whole. The link's name stays the whole
 * number.
 */
function NumberText({ number }: { number: string }) {
  const cut = number.lastIndexOf('-');
  if (cut <= 0) return <>{number}</>;
  return (
    <>
      <span className="queue-table__number-area">{number.slice(0, cut + 1)}</span>
      <span className="queue-table__number-seq">{number.slice(cut + 1)}</span>
    </>
  );
}

function DateCell({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatDate(value)}
    </time>
  );
}

function cell(id: ColumnId, t: TicketListItem, context: QueueCellContext): ReactNode {
  switch (id) {
    case 'summary':
      return t.summary ? <Truncated text={t.summary} /> : null;
    case 'area':
      return <Truncated text={context.areaTitle(t.area)} />;
    case 'property': {
      if (!t.property) return null;
      const name = context.propertyName(t.property);
      return name ? (
        <>
          <Truncated text={name} />
          <small className="queue-table__code">{t.property}</small>
        </>
      ) : (
        <Truncated text={t.property} />
      );
    }
    case 'requester':
      return <Truncated text={t.requester.name} />;
    case 'status':
      return <StatusBadge status={t.status} />;
    case 'priority':
      return t.priority;
    case 'assignee':
      if (t.assigneeUser && t.assigneeGroup) {
        return (
          <>
            <Truncated text={t.assigneeUser.name} />
            <small className="queue-table__code">{t.assigneeGroup.name}</small>
          </>
        );
      }
      return t.assigneeUser || t.assigneeGroup ? (
        <Truncated text={(t.assigneeUser ?? t.assigneeGroup)!.name} />
      ) : (
        <span className="queue-table__none">Unassigned</span>
      );
    case 'due':
      return t.dueAt ? (
        <span className={t.isOverdue ? 'is-overdue' : undefined}>
          <DateCell value={t.dueAt} />
          {t.isOverdue ? <small className="queue-table__code">overdue</small> : null}
        </span>
      ) : null;
    case 'sla':
      return context.renderSla ? <span className="queue-table__clamp">{context.renderSla(t)}</span> : null;
    case 'rating':
      return t.rating === null ? null : <span aria-label={`${t.rating} out of 5`}>{`${t.rating}/5`}</span>;
    case 'created':
      return <DateCell value={t.createdAt} />;
    case 'updated':
      return <DateCell value={t.updatedAt} />;
  }
}

/**
 * The queue's table. `selected` holds the selected ticket ids; `current` is the index of the
 * keyboard's current row (-1: none), `onCurrent` is told when the focus enters a row; `linkRef` receives each row's link element so the
 * shortcuts can focus it.
 */
export function QueueTable({
  items,
  columns,
  context,
  selectable,
  selected,
  onToggle,
  current,
  onCurrent,
  linkRef,
}: {
  items: readonly TicketListItem[];
  columns: readonly ColumnId[];
  context: QueueCellContext;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (ticket: TicketListItem) => void;
  current: number;
  onCurrent: (index: number) => void;
  linkRef: (index: number, element: HTMLAnchorElement | null) => void;
}) {
  const shown = COLUMNS.filter((column) => columns.includes(column.id) && (column.id !== 'sla' || context.renderSla));
  const fixedWidth = shown.reduce(
    (sum, column) => sum + (column.width ?? 0),
    NUMBER_WIDTH + (selectable ? SELECT_WIDTH : 0),
  );
  const minWidth = fixedWidth + (shown.some((column) => column.width === null) ? SUMMARY_MIN_WIDTH : 0);
  return (
    <table className="data-table queue-table" style={{ minWidth: `${minWidth}rem` }}>
      <caption className="visually-hidden">Tickets</caption>
      <colgroup>
        {selectable ? <col style={{ width: `${SELECT_WIDTH}rem` }} /> : null}
        <col style={{ width: `${NUMBER_WIDTH}rem` }} />
        {shown.map((column) => (
          <col key={column.id} style={column.width === null ? undefined : { width: `${column.width}rem` }} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {selectable ? (
            <th scope="col" className="queue-table__select">
              <span className="visually-hidden">Selected</span>
            </th>
          ) : null}
          <th scope="col">Number</th>
          {shown.map((column) => (
            <th key={column.id} scope="col">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((t, index) => (
          <tr
            key={t.id}
            className={index === current ? 'is-current' : undefined}
            data-ticket={t.number}
            onFocus={() => onCurrent(index)}
          >
            {selectable ? (
              <td className="queue-table__select">
                <Checkbox
                  label={<span className="visually-hidden">{`Select ${t.number}`}</span>}
                  checked={selected.has(t.id)}
                  onChange={() => onToggle(t)}
                />
              </td>
            ) : null}
            <td className="queue-table__number">
              <Link to={context.ticketPath(t)} aria-label={t.number} ref={(element) => linkRef(index, element)}>
                <NumberText number={t.number} />
              </Link>
            </td>
            {shown.map((column) => (
              <td key={column.id} className={`queue-table__${column.id}`} data-label={column.label}>
                {cell(column.id, t, context)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
