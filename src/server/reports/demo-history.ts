/**
 * A plausible, deterministic completion history for the demo months the first-start seed opens
 * (issue 7: the 12-month trend shows data on a fresh machine). Pure planning here, one UPDATE per
 * table per month in {@link writeDemoHistory}. Same period, cells and `today` → same plan.
 *
 * The story: months two or more back are closed — every report Complete around its due date (a few
 * days early, some a day or two late), packages Delivered around theirs, except a few "stuck"
 * properties (2–15 % per month) with reports still In review and the package Pending. Last month is
 * in progress: the further `today` is past its month end towards the accounting due date, the more
 * is Complete; only fully Complete properties are Delivered (the delivery rule of issue 7).
 */
import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { shiftPeriod, type AccountingStatus, type DeliveryMethod } from '../../shared/report-tracker';
import type { Database } from '../db/client';
import { reportAccountingCells, reportDeliveries } from '../db/schema';

/** How many months before the current one the first-start seed fills with history. */
export const DEMO_HISTORY_MONTHS = 11;

export type DemoCellInput = { id: string; propertyCode: string; report: string; dueDate: string };
export type DemoDeliveryInput = { id: string; propertyCode: string; dueDate: string };
export type DemoCellPlan = { id: string; status: AccountingStatus; completedOn: string | null };
export type DemoDeliveryPlan = {
  id: string;
  deliveredOn: string;
  method: DeliveryMethod;
  recipient: string;
};
/** Cells to change (all of them) and deliveries to mark Delivered (the others stay Pending). */
export type DemoMonthPlan = { cells: DemoCellPlan[]; deliveries: DemoDeliveryPlan[] };

/** FNV-1a (32 bit, Murmur3-finalised) of `text` as a number in [0, 1): a stable pseudo-random draw per key. */
export function unitHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // MurmurHash3's finaliser: FNV alone barely moves the high bits for a different last character.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32;
}

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
const shift = (date: string, days: number) => iso(addDays(parseISO(date), days));
const maxDate = (a: string, b: string) => (a > b ? a : b);
const minDate = (a: string, b: string) => (a < b ? a : b);

/**
 * Plans `period` (`YYYY-MM`, before `today`'s month) given its cells and deliveries and `today`
 * (`YYYY-MM-DD`). Completion and delivery dates are never after the day before `today` nor before
 * the first day after the period; a Delivered property has all its reports Complete.
 */
export function planDemoMonth(
  period: string,
  today: string,
  cells: readonly DemoCellInput[],
  deliveries: readonly DemoDeliveryInput[],
): DemoMonthPlan {
  const monthEnd = `${shiftPeriod(period, 1)}-01`;
  const yesterday = shift(today, -1);
  const isClosed = shiftPeriod(period, 2) <= today.slice(0, 7);
  // "Stuck" properties of a closed month: a whole number, 2–15 % of them, picked by hash.
  const codes = [...new Set(cells.map((cell) => cell.propertyCode))];
  const stuckCount = Math.round(codes.length * (0.02 + 0.13 * unitHash(`stuck|${period}`)));
  const stuck = new Set(
    codes
      .map((code) => ({ code, draw: unitHash(`${period}|${code}`) }))
      .sort((a, b) => a.draw - b.draw)
      .slice(0, stuckCount)
      .map((entry) => entry.code),
  );
  // Last month: share Complete grows from 0 at month end to 0.9 at the accounting due date.
  const dueDay = cells[0]?.dueDate ?? monthEnd;
  const elapsed = differenceInCalendarDays(parseISO(today), parseISO(monthEnd));
  const span = Math.max(1, differenceInCalendarDays(parseISO(dueDay), parseISO(monthEnd)));
  const progress = isClosed ? 1 : Math.max(0, Math.min(1, elapsed / span));

  const plannedCells: DemoCellPlan[] = [];
  const lastCompletion = new Map<string, string | null>();
  for (const cell of cells) {
    const draw = unitHash(`${period}|${cell.propertyCode}|${cell.report}`);
    // A stuck property keeps at least its first report (and about a third of the rest) In review.
    const isStuck = stuck.has(cell.propertyCode) && (draw < 0.35 || !lastCompletion.has(cell.propertyCode));
    let status: AccountingStatus;
    if (isClosed) status = isStuck ? 'In review' : 'Complete';
    else if (draw < 0.9 * progress) status = 'Complete';
    else if (draw < 0.9 * progress + 0.15) status = 'In review';
    else if (draw < 0.9 * progress + 0.45) status = 'In progress';
    else status = 'Not started';
    // From six days early to two days late around the due date, within [month end, yesterday].
    let completedOn: string | null = null;
    if (status === 'Complete') {
      const proposed = shift(cell.dueDate, Math.floor(unitHash(`done|${cell.id}|${draw}`) * 9) - 6);
      completedOn = minDate(maxDate(proposed, monthEnd), yesterday);
      if (completedOn < monthEnd) {
        status = 'In review';
        completedOn = null;
      }
    }
    plannedCells.push({ id: cell.id, status, completedOn });
    const before = lastCompletion.get(cell.propertyCode);
    lastCompletion.set(
      cell.propertyCode,
      before === null || completedOn === null ? null : maxDate(before ?? completedOn, completedOn),
    );
  }

  const plannedDeliveries: DemoDeliveryPlan[] = [];
  for (const entry of deliveries) {
    const ready = lastCompletion.get(entry.propertyCode);
    if (!ready) continue;
    const draw = unitHash(`delivery|${period}|${entry.propertyCode}`);
    if (!isClosed && draw > progress) continue;
    const proposed = shift(entry.dueDate, Math.floor(draw * 8) - 5);
    const deliveredOn = minDate(maxDate(proposed, shift(ready, 1)), yesterday);
    if (deliveredOn < ready) continue;
    const method: DeliveryMethod = draw < 0.6 ? 'portal' : draw < 0.9 ? 'e-mail' : 'mail';
    plannedDeliveries.push({
      id: entry.id,
      deliveredOn,
      method,
      recipient: `owner-${entry.propertyCode.toLowerCase()}@owners.example`,
    });
  }
  return { cells: plannedCells, deliveries: plannedDeliveries };
}

/**
 * Writes {@link planDemoMonth} for `period` as of `today`: one UPDATE of the accounting cells and
 * one of the deliveries (`UPDATE … FROM (VALUES …)`). For freshly seeded months only: it overwrites
 * statuses without change-history entries.
 */
export async function writeDemoHistory(db: Database, period: string, today: string): Promise<void> {
  const cells = await db
    .select({
      id: reportAccountingCells.id,
      propertyCode: reportAccountingCells.propertyCode,
      report: reportAccountingCells.report,
      dueDate: reportAccountingCells.dueDate,
    })
    .from(reportAccountingCells)
    .where(eq(reportAccountingCells.period, period))
    .orderBy(reportAccountingCells.propertyCode, reportAccountingCells.report);
  const deliveries = await db
    .select({ id: reportDeliveries.id, propertyCode: reportDeliveries.propertyCode, dueDate: reportDeliveries.dueDate })
    .from(reportDeliveries)
    .where(eq(reportDeliveries.period, period))
    .orderBy(reportDeliveries.propertyCode);
  const plan = planDemoMonth(period, today, cells, deliveries);
  if (plan.cells.length) {
    const values = sql.join(
      plan.cells.map(
        (c) => sql`(${c.id}::uuid, ${c.status}, ${c.completedOn ? `${c.completedOn}T17:00:00Z` : null}::timestamptz)`,
      ),
      sql`, `,
    );
    await db.execute(sql`update ${reportAccountingCells} as c
      set status = v.status, completed_at = v.completed_at
      from (values ${values}) as v(id, status, completed_at) where c.id = v.id`);
  }
  if (plan.deliveries.length) {
    const values = sql.join(
      plan.deliveries.map((d) => sql`(${d.id}::uuid, ${d.deliveredOn}::date, ${d.method}, ${d.recipient})`),
      sql`, `,
    );
    await db.execute(sql`update ${reportDeliveries} as d
      set status = 'Delivered', delivered_on = v.delivered_on, method = v.method, recipient = v.recipient
      from (values ${values}) as v(id, delivered_on, method, recipient) where d.id = v.id`);
  }
}
