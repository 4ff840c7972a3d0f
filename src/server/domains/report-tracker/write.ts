/**
 * Changing the report tracker (docs/behaviour.md "Report tracker statuses"): accounting cells (one
 * or a bulk selection) and delivery entries, each with optimistic concurrency on `version` (stale →
 * 412, RFC 9110 section 13.1.1; docs/behaviour.md "Optimistic concurrency") and a `changes` entry
 * per changed row in the SAME transaction (docs/behaviour.md "History").
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { JsonValue } from '../../../shared/json';
import type { AccountingStatus, DeliveryMethod, DeliveryStatus } from '../../../shared/report-tracker';
import type { Database } from '../../db/client';
import { changes, reportAccountingCells, reportDeliveries } from '../../db/schema';
import { HttpError, notFound, validationFailed } from '../../lib/errors';

/** What may change on a cell; absent fields stay as they are. */
export type CellPatch = { status?: AccountingStatus; owner?: string | null; dueDate?: string };

/** A cell to change, at the version the client last saw. */
export type VersionedId = { id: string; version: number };

/** 412 `precondition_failed`: the row changed since the client read it. */
export function staleVersion(what: string): HttpError {
  return new HttpError(412, 'precondition_failed', `${what} was changed by someone else; reload and try again.`);
}

type Diff = Record<string, { from: JsonValue; to: JsonValue }>;

function diffOf(before: Record<string, unknown>, after: Record<string, unknown>): Diff {
  const diff: Diff = {};
  for (const [key, to] of Object.entries(after)) {
    if (before[key] !== to) diff[key] = { from: (before[key] ?? null) as JsonValue, to: to as JsonValue };
  }
  return diff;
}

/**
 * Applies `patch` to every cell of `items` in one transaction; all or nothing. Errors: 404 for an
 * unknown id, 412 when any version is stale, 409 when a cell would leave Complete while its
 * property's package is already Delivered. Returns the ids changed (unchanged cells are skipped).
 */
export async function updateCells(
  db: Database,
  actorId: string,
  items: readonly VersionedId[],
  patch: CellPatch,
): Promise<string[]> {
  const ids = [...new Set(items.map((item) => item.id))];
  return db.transaction(async (tx) => {
    const current = await tx
      .select()
      .from(reportAccountingCells)
      .where(inArray(reportAccountingCells.id, ids))
      .for('update');
    const byId = new Map(current.map((cell) => [cell.id, cell]));
    for (const item of items) {
      const cell = byId.get(item.id);
      if (!cell) throw notFound(`There is no report cell ${item.id}.`);
      if (cell.version !== item.version) staleVersionThrow(cell.report, cell.propertyCode);
    }
    if (patch.status !== undefined && patch.status !== 'Complete') {
      const leaving = current.filter((cell) => cell.status === 'Complete');
      if (leaving.length) await refuseIfDelivered(tx, leaving);
    }
    const changed: string[] = [];
    const now = new Date();
    for (const cell of current) {
      const after: Record<string, unknown> = {};
      if (patch.status !== undefined) after.status = patch.status;
      if (patch.owner !== undefined) after.owner = patch.owner;
      if (patch.dueDate !== undefined) after.dueDate = patch.dueDate;
      const diff = diffOf(cell, after);
      if (!Object.keys(diff).length) continue;
      const completedAt =
        patch.status === undefined ? cell.completedAt : patch.status === 'Complete' ? (cell.completedAt ?? now) : null;
      await tx
        .update(reportAccountingCells)
        .set({ ...after, completedAt, updatedAt: now, version: sql`${reportAccountingCells.version} + 1` })
        .where(eq(reportAccountingCells.id, cell.id));
      await tx.insert(changes).values({
        entity: 'report-accounting-cell',
        entityId: cell.id,
        actorId,
        action: 'updated',
        diff: {
          period: { from: cell.period, to: cell.period },
          property: { from: cell.propertyCode, to: cell.propertyCode },
          report: { from: cell.report, to: cell.report },
          ...diff,
        },
      });
      changed.push(cell.id);
    }
    return changed;
  });
}

function staleVersionThrow(report: string, property: string): never {
  throw staleVersion(`The ${report} cell of ${property}`);
}

async function refuseIfDelivered(
  db: Database,
  cells: readonly { period: string; propertyCode: string; report: string }[],
): Promise<void> {
  const [cell] = cells;
  if (!cell) return;
  const delivered = await db
    .select({ code: reportDeliveries.propertyCode })
    .from(reportDeliveries)
    .where(
      and(
        eq(reportDeliveries.period, cell.period),
        inArray(reportDeliveries.propertyCode, [...new Set(cells.map((c) => c.propertyCode))]),
        eq(reportDeliveries.status, 'Delivered'),
      ),
    );
  if (delivered.length) {
    const codes = delivered.map((d) => d.code).join(', ');
    throw new HttpError(
      409,
      'conflict',
      `The package of ${codes} was already delivered; set its delivery back to Pending first.`,
    );
  }
}

/** What a delivery change says: Delivered (with date, method, recipient) or back to Pending. */
export type DeliveryPatch = {
  status: DeliveryStatus;
  deliveredOn?: string;
  method?: DeliveryMethod;
  recipient?: string;
  notes?: string;
  overrideReason?: string;
};

/**
 * Records a delivery (or sets it back to Pending) at `version`. Errors: 404 unknown id; 412 stale
 * version; 422 when Delivered lacks date, method or recipient; 409 `accounting_incomplete` when
 * the property's accounting reports are not all Complete and no override reason is given
 * (docs/behaviour.md "Report tracker statuses").
 * Returns the entry's period.
 */
export async function updateDelivery(
  db: Database,
  actorId: string,
  id: string,
  version: number,
  patch: DeliveryPatch,
): Promise<string> {
  if (patch.status === 'Delivered') {
    const missing = (['deliveredOn', 'method', 'recipient'] as const).filter((field) => !patch[field]);
    if (missing.length)
      throw validationFailed(
        missing.map((field) => ({ path: `/${field}`, message: 'is required to record a delivery' })),
      );
  }
  return db.transaction(async (tx) => {
    const [entry] = await tx.select().from(reportDeliveries).where(eq(reportDeliveries.id, id)).for('update');
    if (!entry) throw notFound(`There is no delivery entry ${id}.`);
    if (entry.version !== version) throw staleVersion(`The delivery of ${entry.propertyCode}`);
    const reason = patch.overrideReason?.trim() || null;
    if (patch.status === 'Delivered' && entry.status !== 'Delivered' && !reason) {
      const [open] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(reportAccountingCells)
        .where(
          and(
            eq(reportAccountingCells.period, entry.period),
            eq(reportAccountingCells.propertyCode, entry.propertyCode),
            ne(reportAccountingCells.status, 'Complete'),
          ),
        );
      if (open && open.n > 0) {
        throw new HttpError(
          409,
          'accounting_incomplete',
          `${open.n} accounting report(s) of ${entry.propertyCode} are not Complete; give an override reason to deliver anyway.`,
        );
      }
    }
    const after =
      patch.status === 'Delivered'
        ? {
            status: 'Delivered',
            deliveredOn: patch.deliveredOn ?? null,
            method: patch.method ?? null,
            recipient: patch.recipient ?? null,
            notes: patch.notes ?? entry.notes,
            overrideReason: entry.status === 'Delivered' ? (entry.overrideReason ?? reason) : reason,
          }
        : {
            status: 'Pending',
            deliveredOn: null,
            method: null,
            recipient: null,
            notes: patch.notes ?? entry.notes,
            overrideReason: null,
          };
    const diff = diffOf(entry, after);
    if (!Object.keys(diff).length) return entry.period;
    await tx
      .update(reportDeliveries)
      .set({ ...after, updatedAt: new Date(), version: sql`${reportDeliveries.version} + 1` })
      .where(eq(reportDeliveries.id, id));
    await tx.insert(changes).values({
      entity: 'report-delivery',
      entityId: id,
      actorId,
      action: patch.status === 'Delivered' ? 'delivered' : 'updated',
      diff: {
        period: { from: entry.period, to: entry.period },
        property: { from: entry.propertyCode, to: entry.propertyCode },
        ...diff,
      },
    });
    return entry.period;
  });
}
