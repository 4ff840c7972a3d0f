/**
 * Service levels in words (docs/behaviour.md "Service levels"): every state is said in text, so
 * colour only repeats it. Durations come from the API in ms of calendar time (src/shared/sla.ts).
 */
import { formatSlaDuration, type SlaTargetStatus, type TicketSla } from '../../../shared/sla';
import { formatDateTime } from '../../lib/date-format';

/** The names of the two targets as people read them. */
export const SLA_TARGET_LABELS = { firstResponse: 'First response', resolution: 'Resolution' } as const;

/** One target's state: `2 h 05 min left`, `Breached by 40 min`, `Paused, 3 h 00 min left`, `Met`, `Met late by 15 min`. */
export function slaStateText(target: SlaTargetStatus): string {
  switch (target.state) {
    case 'running':
      return `${formatSlaDuration(target.remainingMs ?? 0)} left`;
    case 'paused':
      return `Paused, ${formatSlaDuration(target.remainingMs ?? 0)} left`;
    case 'met':
      return 'Met';
    case 'breached':
      return target.metAt
        ? `Met late by ${formatSlaDuration(target.breachedByMs ?? 0)}`
        : `Breached by ${formatSlaDuration(target.breachedByMs ?? 0)}`;
  }
}

/** `Due 12 Jan 2026, 12:00` in the browser's zone. */
export function slaDueText(target: SlaTargetStatus): string {
  return `Due ${formatDateTime(target.dueAt)}`;
}

/**
 * The target that matters now for a list: the first still open (running, paused or breached and
 * not met), first response before resolution; null when both are done or there is no service level.
 */
export function openTarget(sla: TicketSla): { name: keyof typeof SLA_TARGET_LABELS; status: SlaTargetStatus } | null {
  if (!sla) return null;
  for (const name of ['firstResponse', 'resolution'] as const) {
    const status = sla[name];
    if (!status.metAt) return { name, status };
  }
  return null;
}
