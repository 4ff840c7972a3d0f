/**
 * A plausible, deterministic completion history for the demo months the first-start seed opens, so
 * the 12-month trend shows data on a fresh machine (docs/behaviour.md "Report tracker months").
 * Pure planning here, written in bulk by {@link openDemoMonths}. Same period, cells and `today` →
 * same plan.
 *
 * The story: months two or more back are closed — every report Complete around its due date (a few
 * days early, some a day or two late), packages Delivered around theirs, except a few "stuck"
 * properties (2–15 % per month) with reports still In review and the package Pending. Last month is
 * in progress: the further `today` is past its month end towards the accounting due date, the more
 * is Complete; only fully Complete properties are Delivered (the delivery rule of
 * docs/behaviour.md "Report tracker statuses"). Draws hash the natural keys (period, property,
 * report), never the random row ids.
 */
import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { shiftPeriod, type AccountingStatus, type DeliveryMethod } from '../../../shared/report-tracker';
import type { Database } from '../../db/client';
import { changes, properties, reportAccountingCells, reportDeliveries, reportMonths } from '../../db/schema';
import type { ReportTrackerConfig } from './config';
import { monthRows } from './months';

/** How many months before the current one the first-start seed fills with history. */
export const DEMO_HISTORY_MONTHS = 11;

/** A new accounting cell of a demo month, as {@link planDemoMonth} takes it (`dueDate` `YYYY-MM-DD`). */
export type DemoCellInput = { id: string; propertyCode: string; report: string; dueDate: string };
/** A new delivery entry of a demo month, as {@link planDemoMonth} takes it. */
export type DemoDeliveryInput = { id: string; propertyCode: string; dueDate: string };
/** A cell's planned state: its status and, when Complete, the day it was completed (`YYYY-MM-DD`). */
export type DemoCellPlan = { id: string; status: AccountingStatus; completedOn: string | null };
/** A delivery planned as Delivered: when (`YYYY-MM-DD`), how and to whom. */
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
      const offset = Math.floor(unitHash(`done|${period}|${cell.propertyCode}|${cell.report}`) * 9) - 6;
      const proposed = shift(cell.dueDate, offset);
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
 * Opens each of `periods` that is not open yet, in ONE transaction, with its entries already in the
 * state {@link planDemoMonth} gives as of `today` (`YYYY-MM-DD`), and one `changes` entry
 * "opened" per month. Months already open are left alone (natural keys, `ON CONFLICT DO NOTHING`),
 * so it is idempotent. Written in bulk because PGlite takes ~0.3 s per month opened one by one.
 * Returns the periods it opened.
 */
export async function openDemoMonths(
  db: Database,
  config: ReportTrackerConfig,
  periods: readonly string[],
  today: string,
): Promise<string[]> {
  if (!periods.length) return [];
  return db.transaction(async (tx) => {
    const active = await tx
      .select({ code: properties.code, region: properties.region })
      .from(properties)
      .where(eq(properties.active, true));
    const built = periods.map((period) => monthRows(config, period, active));
    const opened = await tx
      .insert(reportMonths)
      .values(built.map((rows) => rows.month))
      .onConflictDoNothing()
      .returning({ period: reportMonths.period });
    const isNew = new Set(opened.map((row) => row.period));
    const cells: (ReturnType<typeof monthRows>['cells'][number] & {
      id: string;
      status: string;
      completedAt: string | null;
    })[] = [];
    const deliveries: (ReturnType<typeof monthRows>['deliveries'][number] &
      Partial<DemoDeliveryPlan> & { id: string; status?: string })[] = [];
    for (const rows of built.filter((r) => isNew.has(r.month.period))) {
      const withIds = rows.cells.map((cell) => ({ ...cell, id: randomUUID() }));
      const entries = rows.deliveries.map((entry) => ({ ...entry, id: randomUUID() }));
      const plan = planDemoMonth(rows.month.period, today, withIds, entries);
      const cellPlan = new Map(plan.cells.map((c) => [c.id, c]));
      const deliveryPlan = new Map(plan.deliveries.map((d) => [d.id, d]));
      for (const cell of withIds) {
        const planned = cellPlan.get(cell.id);
        cells.push({
          ...cell,
          status: planned?.status ?? 'Not started',
          completedAt: planned?.completedOn ? `${planned.completedOn}T17:00:00Z` : null,
        });
      }
      for (const entry of entries) {
        const planned = deliveryPlan.get(entry.id);
        deliveries.push(planned ? { ...entry, ...planned, status: 'Delivered' } : entry);
      }
    }
    // One JSON parameter per table: PGlite parses a 2,000-row VALUES list with ~15,000 bind
    // parameters several times slower than jsonb_to_recordset.
    if (cells.length) {
      await tx.execute(sql`insert into ${reportAccountingCells}
        (id, period, property_code, report, status, owner, due_date, completed_at)
        select * from jsonb_to_recordset(${JSON.stringify(cells)}::jsonb) as x(id uuid, period text,
          "propertyCode" text, report text, status text, owner text, "dueDate" date, "completedAt" timestamptz)
        on conflict do nothing`);
    }
    if (deliveries.length) {
      await tx.execute(sql`insert into ${reportDeliveries}
        (id, period, property_code, due_date, status, delivered_on, method, recipient)
        select id, period, "propertyCode", "dueDate", coalesce(status, 'Pending'), "deliveredOn", method, recipient
        from jsonb_to_recordset(${JSON.stringify(deliveries)}::jsonb) as x(id uuid, period text,
          "propertyCode" text, "dueDate" date, status text, "deliveredOn" date, method text, recipient text)
        on conflict do nothing`);
    }
    if (isNew.size) {
      await tx.insert(changes).values(
        [...isNew].map((period) => ({
          entity: 'report-month',
          entityId: period,
          actorId: null,
          action: 'opened',
          diff: {
            accountingCells: { from: null, to: active.length * config.reports.length },
            deliveries: { from: null, to: active.length },
          },
        })),
      );
    }
    return [...isNew].sort();
  });
}
