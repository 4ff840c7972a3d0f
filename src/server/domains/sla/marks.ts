/** Constants shared by the clock and the breach check. */

/** `sla_next_due_at` of a ticket with no running target: sorts after every real due time. */
export const NO_DUE = new Date('9999-12-31T00:00:00.000Z');

/** How long before its due time a target is announced as breaching: one hour, in ms. */
export const BREACHING_LEAD_MS = 3_600_000;

/** The key of `sla_notified` recording that `state` was announced for `target`. */
export function notifiedKey(target: string, state: 'breaching' | 'breached'): string {
  return `${target}:${state}`;
}

/** A target whose clock runs, with its due time. */
export type RunningTarget = { target: 'firstResponse' | 'resolution'; due: Date };

/**
 * When the breach check must next look at a ticket whose `running` targets are as given and whose
 * announcements so far are `notified`: one hour before a due time not yet announced as breaching,
 * or at a due time not yet announced as breached; null when nothing is pending.
 */
export function nextCheckAt(running: readonly RunningTarget[], notified: Record<string, number>): Date | null {
  let checkAt: number | null = null;
  for (const { target, due } of running) {
    const at = due.getTime();
    const pending =
      notified[notifiedKey(target, 'breaching')] !== at
        ? at - BREACHING_LEAD_MS
        : notified[notifiedKey(target, 'breached')] !== at
          ? at
          : null;
    if (pending !== null && (checkAt === null || pending < checkAt)) checkAt = pending;
  }
  return checkAt === null ? null : new Date(checkAt);
}
