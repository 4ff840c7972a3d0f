import type { TicketSla } from '../../../../shared/sla';
import { openTarget, SLA_TARGET_LABELS, slaStateText } from '../sla-text';

/**
 * The SLA column of the ticket list: the open target (first response, else resolution) and its
 * state in words, e.g. `First response: 1 h 20 min left`; `Met` when both are met, empty without
 * a service level.
 */
export function SlaCell({ sla }: { sla: TicketSla }) {
  if (!sla) return null;
  const open = openTarget(sla);
  if (!open) return <>Met</>;
  return (
    <span className={open.status.state === 'breached' ? 'is-overdue' : undefined}>
      {SLA_TARGET_LABELS[open.name]}: {slaStateText(open.status)}
    </span>
  );
}
