import { formatCount } from '../../../../shared/display-format';
import { TICKET_STATUSES, type TicketCounts } from '../../../../shared/tickets';

/** Tickets per status as a small horizontal bar chart (results are shown as charts, not tables). */
export function StatusChart({ counts }: { counts: TicketCounts }) {
  const max = Math.max(1, ...Object.values(counts.counts));
  return (
    <figure className="status-chart" aria-label="Tickets per status">
      {TICKET_STATUSES.map((status) => (
        <div key={status} className="status-chart__row">
          <span className="status-chart__label">{status}</span>
          <span className="status-chart__bar" style={{ width: `${(counts.counts[status] / max) * 100}%` }} />
          <span className="status-chart__value">
            {formatCount(counts.counts[status])}
            {counts.capped.includes(status) ? '+' : ''}
          </span>
        </div>
      ))}
      <figcaption>
        {formatCount(counts.total)}
        {counts.capped.length ? '+' : ''} {counts.total === 1 && !counts.capped.length ? 'ticket' : 'tickets'}
      </figcaption>
    </figure>
  );
}
