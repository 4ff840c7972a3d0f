import type { ReactNode } from 'react';
import type { TicketStatus } from '../../../shared/submission';
import { cx } from './class-names';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A short label in a pill; `tone` (default `neutral`) picks its colours, all 4.5:1 text. */
export function Badge({ tone = 'neutral', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return <span className={cx('ui-badge', tone !== 'info' && `ui-badge--${tone}`, className)}>{children}</span>;
}

const STATUS_TONE: Record<TicketStatus, BadgeTone> = {
  'Waiting for approval': 'warning',
  New: 'info',
  Assigned: 'info',
  'In progress': 'info',
  'Waiting on requester': 'warning',
  Resolved: 'success',
  Closed: 'neutral',
  Rejected: 'danger',
};

/** The tone of a ticket status: waiting ones `warning`, finished `success`/`neutral`, `Rejected` `danger`, the rest `info`. */
export const statusTone = (status: TicketStatus): BadgeTone => STATUS_TONE[status] ?? 'neutral';

/** A ticket status as a {@link Badge}, its tone chosen from the status; the text is the status itself. */
export function StatusBadge({ status, className }: { status: TicketStatus; className?: string }) {
  return (
    <Badge tone={statusTone(status)} className={className}>
      {status}
    </Badge>
  );
}
