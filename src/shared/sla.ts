/**
 * Service levels as the API shows them (docs/behaviour.md "Service levels"): per ticket, the
 * first-response and resolution targets with their due time and state, computed from what the
 * server stores on the ticket. Durations are milliseconds of calendar time (not working time)
 * between the due time and now — or the moment the clock paused or the target was met.
 */

/** The two targets of a ticket. */
export const SLA_TARGETS = ['firstResponse', 'resolution'] as const;
export type SlaTarget = (typeof SLA_TARGETS)[number];

/**
 * `running`: the clock runs, `dueAt` is ahead; `paused`: Waiting on requester / for approval (the
 * due time moves by the paused working time when it resumes); `met`: done in time; `breached`:
 * past due (still open, or met late).
 */
export type SlaState = 'running' | 'paused' | 'met' | 'breached';

/**
 * One target. `dueAt`: ISO 8601 UTC (while paused: as it stood when the clock paused).
 * `remainingMs` (running, paused): ms from now (paused: from the pause) until `dueAt`.
 * `breachedByMs` (breached): ms past `dueAt` — until now, until the pause, or until it was met.
 * `metAt` (met, or breached and then met): ISO 8601 UTC.
 */
export type SlaTargetStatus = {
  dueAt: string;
  state: SlaState;
  remainingMs?: number;
  breachedByMs?: number;
  metAt?: string;
};

/** A ticket's service level, or null when it has none (no targets for its area, older than the feature, or waiting for approval). */
export type TicketSla = { firstResponse: SlaTargetStatus; resolution: SlaTargetStatus } | null;

/** `GET /api/tickets?sla=`: `breaching` — a running target is due within {@link SLA_BREACHING_WINDOW_MS}; `breached` — one is past due. */
export const SLA_FILTERS = ['breaching', 'breached'] as const;
export type SlaFilter = (typeof SLA_FILTERS)[number];

/** How close to its due time a target counts as breaching: one hour, in ms. */
export const SLA_BREACHING_WINDOW_MS = 3_600_000;

/** What the server stores on a ticket for its service level (null: not set). */
export type SlaColumns = {
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
  pausedSince: Date | null;
};

function targetStatus(due: Date, metAt: Date | null, pausedSince: Date | null, now: number): SlaTargetStatus {
  const dueAt = due.toISOString();
  if (metAt) {
    const late = metAt.getTime() - due.getTime();
    return late > 0
      ? { dueAt, state: 'breached', breachedByMs: late, metAt: metAt.toISOString() }
      : { dueAt, state: 'met', metAt: metAt.toISOString() };
  }
  const at = pausedSince ? pausedSince.getTime() : now;
  const left = due.getTime() - at;
  if (left < 0) return { dueAt, state: 'breached', breachedByMs: -left };
  return { dueAt, state: pausedSince ? 'paused' : 'running', remainingMs: left };
}

/** The API's {@link TicketSla} from the stored columns, as of `now` (epoch ms). */
export function ticketSla(columns: SlaColumns, now: number): TicketSla {
  const { firstResponseDueAt, resolutionDueAt } = columns;
  if (!firstResponseDueAt || !resolutionDueAt) return null;
  return {
    firstResponse: targetStatus(firstResponseDueAt, columns.firstRespondedAt, columns.pausedSince, now),
    resolution: targetStatus(resolutionDueAt, columns.resolvedAt, columns.pausedSince, now),
  };
}

/** A duration for people: `2 h 05 min`, `3 d 4 h`, `45 min`, `under 1 min` (ms in, rounded down to minutes). */
export function formatSlaDuration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return 'under 1 min';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days) return hours ? `${days} d ${hours} h` : `${days} d`;
  if (hours) return `${hours} h ${String(rest).padStart(2, '0')} min`;
  return `${rest} min`;
}
