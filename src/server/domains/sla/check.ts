/**
 * The breach check (docs/behaviour.md "Service levels"): announces `slaBreaching` for every
 * running target due within the hour (`breaching`) or past due (`breached`), once per ticket,
 * target, state and due time. Bounded: one run takes at most `limit` tickets, those whose
 * `sla_check_at` (when they next need looking at; clock.ts) has come, soonest first, through a
 * partial index. Safe with several API nodes: the rows are locked `FOR UPDATE SKIP LOCKED`, and the
 * marks (`sla_notified`) are written in the same transaction as the announcements, so a ticket
 * another node is checking is skipped and a committed announcement is never made twice.
 */
import { and, asc, isNotNull, lte } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { submissions } from '../../db/schema';
import type { DomainEvents } from '../../lib/domain-events';
import type { SlaEvents } from './events';
import { BREACHING_LEAD_MS, nextCheckAt, notifiedKey, type RunningTarget } from './marks';

/** Tickets one run of the check takes at most. */
export const SLA_CHECK_BATCH = 200;

/** What the running targets of a row are (paused or met targets do not run). */
function runningTargets(row: {
  pausedSince: Date | null;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
}): RunningTarget[] {
  if (row.pausedSince) return [];
  const running: RunningTarget[] = [];
  if (!row.firstRespondedAt && row.firstResponseDueAt)
    running.push({ target: 'firstResponse', due: row.firstResponseDueAt });
  if (!row.resolvedAt && row.resolutionDueAt) running.push({ target: 'resolution', due: row.resolutionDueAt });
  return running;
}

/**
 * One run of the check as of `now`; returns how many announcements it made. Listeners of
 * `slaBreaching` run inside the transaction: one that throws rolls the batch back (it is retried
 * on the next run).
 */
export async function checkSlaBreaches(
  db: Database,
  events: Pick<DomainEvents<SlaEvents>, 'emit'>,
  now: Date,
  limit = SLA_CHECK_BATCH,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: submissions.id,
        number: submissions.number,
        area: submissions.area,
        assigneeUserId: submissions.assigneeUserId,
        assigneeGroupId: submissions.assigneeGroupId,
        pausedSince: submissions.slaPausedSince,
        firstRespondedAt: submissions.slaFirstRespondedAt,
        resolvedAt: submissions.slaResolvedAt,
        firstResponseDueAt: submissions.slaFirstResponseDueAt,
        resolutionDueAt: submissions.slaResolutionDueAt,
        notified: submissions.slaNotified,
      })
      .from(submissions)
      .where(and(isNotNull(submissions.slaCheckAt), lte(submissions.slaCheckAt, now)))
      .orderBy(asc(submissions.slaCheckAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    let announced = 0;
    for (const row of rows) {
      const running = runningTargets(row);
      const notified = { ...row.notified };
      const due: { target: RunningTarget['target']; dueAt: Date; state: 'breaching' | 'breached' }[] = [];
      for (const { target, due: dueAt } of running) {
        const at = dueAt.getTime();
        const breachedKey = notifiedKey(target, 'breached');
        const breachingKey = notifiedKey(target, 'breaching');
        if (at <= now.getTime()) {
          if (notified[breachedKey] !== at) due.push({ target, dueAt, state: 'breached' });
          notified[breachedKey] = at;
          notified[breachingKey] = at;
        } else if (at - BREACHING_LEAD_MS <= now.getTime()) {
          if (notified[breachingKey] !== at) due.push({ target, dueAt, state: 'breaching' });
          notified[breachingKey] = at;
        }
      }
      await tx
        .update(submissions)
        .set({ slaNotified: notified, slaCheckAt: nextCheckAt(running, notified) })
        .where(eq(submissions.id, row.id));
      const ticket = {
        id: row.id,
        number: row.number,
        area: row.area,
        assigneeUserId: row.assigneeUserId,
        assigneeGroupId: row.assigneeGroupId,
      };
      for (const item of due) {
        await events.emit('slaBreaching', {
          tx,
          ticket,
          target: item.target,
          dueAt: item.dueAt.toISOString(),
          state: item.state,
        });
        announced += 1;
      }
    }
    return announced;
  });
}
