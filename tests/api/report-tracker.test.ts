import type { FastifyInstance } from 'fastify';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountingGrid,
  DeliveryEntry,
  DeliveryList,
  OpenMonthResult,
  ReportOverview,
} from '../../src/shared/report-tracker';
import {
  calendarDateIn,
  periodIn,
  propertyAccountingStatus,
  shiftPeriod,
  type AccountingStatus,
} from '../../src/shared/report-tracker';
import { seedReportTracker } from '../../src/server/seed/report-tracker';
import { changes, reportAccountingCells, reportDeliveries, roleGroups } from '../../src/server/db/schema';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';

// Before the 12 months the first-start seed opens (it runs relative to today), so opening it is new.
const PERIOD = '2025-09';

/** A small RFC 4180 reader (quoted fields, doubled quotes, CRLF): enough to read the export back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      record.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else {
      field += c;
    }
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}
const BASE = '/api/report-tracker';
/** The shipped configuration's time zone: it decides "today" and the current month. */
const ZONE = 'America/New_York';

describe('/api/report-tracker', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
    // Readers only (maintenance) and a delivery writer without accounting (risk), through their IdP groups.
    await app.db.insert(roleGroups).values([
      {
        name: 'Report readers',
        scopes: ['reports:accounting:read', 'reports:delivery:read'],
        idpGroupIds: ['Maintenance'],
      },
      { name: 'Delivery desk', scopes: ['reports:delivery:write'], idpGroupIds: ['Risk & compliance'] },
    ]);
  });
  afterAll(() => app.close());

  const as = async (username: string) => authHeader(app, username);

  async function openMonth(username = 'accounting', period = PERIOD) {
    return app.inject({ method: 'POST', url: `${BASE}/months`, payload: { period }, headers: await as(username) });
  }

  async function grid(query = ''): Promise<AccountingGrid> {
    const response = await app.inject({
      url: `${BASE}/accounting?period=${PERIOD}${query}`,
      headers: await as('accounting'),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AccountingGrid>();
  }

  async function deliveries(): Promise<DeliveryEntry[]> {
    const response = await app.inject({ url: `${BASE}/delivery?period=${PERIOD}`, headers: await as('accounting') });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DeliveryList>().entries;
  }

  async function patchCell(id: string, body: object, headers: Record<string, string> = {}, username = 'accounting') {
    return app.inject({
      method: 'PATCH',
      url: `${BASE}/accounting/cells/${id}`,
      payload: body,
      headers: { ...(await as(username)), ...headers },
    });
  }

  describe('opening a month', () => {
    it('creates 8 cells and one delivery per active property once; reopening creates nothing twice', async () => {
      const first = await openMonth();
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<OpenMonthResult>()).toEqual({
        period: PERIOD,
        created: true,
        accountingCells: 24 * 8,
        deliveries: 24,
      });
      const again = await openMonth();
      expect(again.statusCode).toBe(200);
      expect(again.json<OpenMonthResult>()).toEqual({
        period: PERIOD,
        created: false,
        accountingCells: 0,
        deliveries: 0,
      });
      const [cells] = await app.db
        .select({ n: count() })
        .from(reportAccountingCells)
        .where(eq(reportAccountingCells.period, PERIOD));
      const [entries] = await app.db
        .select({ n: count() })
        .from(reportDeliveries)
        .where(eq(reportDeliveries.period, PERIOD));
      expect([cells?.n, entries?.n]).toEqual([192, 24]);
      const opened = await app.db
        .select()
        .from(changes)
        .where(and(eq(changes.entity, 'report-month'), eq(changes.entityId, PERIOD)));
      expect(opened.map((c) => c.action)).toEqual(['opened']);
    });

    it('gives due dates from the business-day rules: accounting 10th, delivery 15th business day of October', async () => {
      // October 2025 starts on a Wednesday; the 13th (Columbus Day) is a configured holiday.
      const { rows } = await grid();
      expect(rows).toHaveLength(24);
      expect(Object.values(rows[0]!.cells).map((c) => c.dueDate)).toEqual(Array(8).fill('2025-10-15'));
      expect((await deliveries())[0]!.dueDate).toBe('2025-10-22');
    });

    it('answers 404 for a month that is not open and 400 for a malformed period', async () => {
      const headers = await as('accounting');
      expect((await app.inject({ url: `${BASE}/accounting?period=2020-01`, headers })).statusCode).toBe(404);
      expect((await app.inject({ url: `${BASE}/accounting?period=2020-13`, headers })).statusCode).toBe(400);
    });
  });

  describe('changing cells', () => {
    it('moves a cell through the statuses, bumps its version, stamps completion and records every change', async () => {
      const cell = (await grid()).rows[0]!.cells['rent-roll']!;
      expect(cell.status).toBe('Not started');
      let version = cell.version;
      for (const status of ['In progress', 'In review', 'Complete'] as const) {
        const response = await patchCell(cell.id, { status }, { 'if-match': `"${version}"` });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ status, version: version + 1 });
        expect(response.headers.etag).toBe(`"${version + 1}"`);
        version += 1;
      }
      const done = (await grid()).rows[0]!.cells['rent-roll']!;
      expect(done.completedAt).not.toBeNull();
      const history = await app.db.select().from(changes).where(eq(changes.entityId, cell.id)).orderBy(changes.id);
      expect(history.map((c) => (c.diff as { status: { to: string } }).status.to)).toEqual([
        'In progress',
        'In review',
        'Complete',
      ]);
      const back = await patchCell(cell.id, { status: 'In review', version });
      expect(back.json()).toMatchObject({ status: 'In review', completedAt: null });
    });

    it('refuses an unknown status with 400 and stores nothing', async () => {
      const cell = (await grid()).rows[1]!.cells['rent-roll']!;
      const response = await patchCell(cell.id, { status: 'Done', version: cell.version });
      expect(response.statusCode).toBe(400);
      expect((await grid()).rows[1]!.cells['rent-roll']!.version).toBe(cell.version);
    });

    it('answers 412 to the second of two writers holding the same version, and keeps the first write', async () => {
      const cell = (await grid()).rows[2]!.cells['bank-reconciliation']!;
      const [a, b] = await Promise.all([
        patchCell(cell.id, { status: 'In progress' }, { 'if-match': `"${cell.version}"` }),
        // not Complete: the status filter test below counts Complete cells
        patchCell(cell.id, { status: 'In review' }, { 'if-match': `"${cell.version}"` }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 412]);
      const loser = a.statusCode === 412 ? a : b;
      expect(loser.json()).toMatchObject({ statusCode: 412, error: 'precondition_failed' });
      const winner = a.statusCode === 200 ? 'In progress' : 'In review';
      expect((await grid()).rows[2]!.cells['bank-reconciliation']).toMatchObject({
        status: winner,
        version: cell.version + 1,
      });
    });

    it('answers 428 when the write names no version', async () => {
      const cell = (await grid()).rows[3]!.cells['rent-roll']!;
      expect((await patchCell(cell.id, { status: 'Complete' })).statusCode).toBe(428);
    });

    it('bulk-completes a column for ten properties in one go, and changes nothing when one version is stale', async () => {
      const rows = (await grid()).rows.slice(10, 20);
      const cells = rows.map((row) => ({
        id: row.cells['variance-report']!.id,
        version: row.cells['variance-report']!.version,
      }));
      const stale = await app.inject({
        method: 'POST',
        url: `${BASE}/accounting/bulk`,
        payload: { cells: [...cells.slice(1), { ...cells[0]!, version: cells[0]!.version + 5 }], status: 'Complete' },
        headers: await as('accounting'),
      });
      expect(stale.statusCode).toBe(412);
      expect(
        (await grid('&status=Complete')).rows.filter((r) => r.cells['variance-report']!.status === 'Complete'),
      ).toHaveLength(0);
      const ok = await app.inject({
        method: 'POST',
        url: `${BASE}/accounting/bulk`,
        payload: { cells, status: 'Complete' },
        headers: await as('accounting'),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ changed: 10 });
      const after = await grid();
      expect(after.rows.slice(10, 20).every((r) => r.cells['variance-report']!.status === 'Complete')).toBe(true);
      expect(after.rows[9]!.cells['variance-report']!.status).toBe('Not started');
    });

    it('filters the grid by region, owner and status on the server', async () => {
      const north = await grid('&region=North');
      expect(north.rows.length).toBe(5);
      expect(north.rows.every((r) => r.property.region === 'North')).toBe(true);
      const complete = await grid('&status=Complete');
      expect(complete.rows.map((r) => r.property.code)).toEqual(
        (await grid()).rows.slice(10, 20).map((r) => r.property.code),
      );
      // Due 15 Oct 2025: after that day every cell that is not Complete is overdue.
      const overdue = await grid('&status=Overdue');
      expect(
        overdue.rows.every((r) => Object.values(r.cells).some((c) => c.isOverdue && c.status !== 'Complete')),
      ).toBe(true);
      expect(overdue.rows).toHaveLength(calendarDateIn(new Date(), ZONE) > '2025-10-15' ? 24 : 0);
      const owners = (await app.inject({ url: `${BASE}/owners`, headers: await as('accounting') })).json<{
        owners: string[];
      }>().owners;
      expect(owners).toContain('Casey Controller');
      const casey = await grid(`&owner=${encodeURIComponent('Casey Controller')}`);
      expect(casey.rows.length).toBeGreaterThan(0);
      expect(casey.rows.every((r) => r.property.region === 'South')).toBe(true);
    });
  });

  describe('the CSV export', () => {
    it('has exactly the rows and cells of the grid, with the same filters', async () => {
      for (const query of ['', '&region=East', '&status=Complete']) {
        const shown = await grid(query);
        const response = await app.inject({
          url: `${BASE}/accounting.csv?period=${PERIOD}${query}`,
          headers: await as('accounting'),
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/csv/);
        const [header, ...records] = parseCsv(response.body);
        expect(header!.slice(0, 4)).toEqual(['Property', 'Name', 'Region', 'Bank reconciliation']);
        expect(header).toHaveLength(3 + 8 * 3);
        expect(records).toEqual(
          shown.rows.map((row) => [
            row.property.code,
            row.property.name,
            row.property.region,
            ...shown.reports.flatMap((r) => [
              row.cells[r.key]!.status,
              row.cells[r.key]!.owner ?? '',
              row.cells[r.key]!.dueDate,
            ]),
          ]),
        );
      }
    });
  });

  describe('recording a delivery', () => {
    const delivered = {
      status: 'Delivered',
      deliveredOn: '2025-10-20',
      method: 'e-mail',
      recipient: 'owner@example.com',
    };

    it('refuses with 409 while the property’s accounting is not Complete, and delivers with an override reason', async () => {
      const entry = (await deliveries())[0]!;
      expect(entry.isAccountingComplete).toBe(false);
      const refused = await app.inject({
        method: 'PATCH',
        url: `${BASE}/delivery/${entry.id}`,
        payload: { ...delivered, version: entry.version },
        headers: await as('accounting'),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'accounting_incomplete' });
      expect((await deliveries())[0]!.status).toBe('Pending');
      const overridden = await app.inject({
        method: 'PATCH',
        url: `${BASE}/delivery/${entry.id}`,
        payload: { ...delivered, overrideReason: 'Owner asked for a draft', version: entry.version },
        headers: await as('accounting'),
      });
      expect(overridden.statusCode, overridden.body).toBe(200);
      expect(overridden.json()).toMatchObject({
        status: 'Delivered',
        overrideReason: 'Owner asked for a draft',
        method: 'e-mail',
      });
      const history = await app.db.select().from(changes).where(eq(changes.entityId, entry.id));
      expect(history.map((c) => c.action)).toEqual(['delivered']);
    });

    it('delivers without override once every report of the property is Complete', async () => {
      const row = (await grid()).rows[5]!;
      const response = await app.inject({
        method: 'POST',
        url: `${BASE}/accounting/bulk`,
        payload: { cells: Object.values(row.cells).map((c) => ({ id: c.id, version: c.version })), status: 'Complete' },
        headers: await as('accounting'),
      });
      expect(response.statusCode).toBe(200);
      const entry = (await deliveries()).find((e) => e.property.code === row.property.code)!;
      expect(entry.isAccountingComplete).toBe(true);
      const ok = await app.inject({
        method: 'PATCH',
        url: `${BASE}/delivery/${entry.id}`,
        payload: delivered,
        headers: { ...(await as('accounting')), 'if-match': `"${entry.version}"` },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'Delivered', overrideReason: null, isLate: false });
      // A delivered package's reports cannot silently leave Complete.
      const cell = Object.values(row.cells)[0]!;
      const reopen = await patchCell(cell.id, { status: 'In review', version: cell.version + 1 });
      expect(reopen.statusCode).toBe(409);
    });

    it('lists past-due Pending deliveries as Late, and setting one back to Pending clears what was recorded', async () => {
      // The month's delivery due date (22 Oct 2025) has passed; the two deliveries so far are not Late.
      const late = await app.inject({
        url: `${BASE}/delivery?period=${PERIOD}&status=Late`,
        headers: await as('accounting'),
      });
      const lateEntries = late.json<DeliveryList>().entries;
      const all = await deliveries();
      const pastDue = all.filter((e) => e.status === 'Pending' && e.dueDate < calendarDateIn(new Date(), ZONE));
      expect(lateEntries.map((e) => e.id)).toEqual(pastDue.map((e) => e.id));
      const delivered = all.find((e) => e.status === 'Delivered')!;
      const back = await app.inject({
        method: 'PATCH',
        url: `${BASE}/delivery/${delivered.id}`,
        payload: { status: 'Pending', version: delivered.version },
        headers: await as('accounting'),
      });
      expect(back.json()).toMatchObject({
        status: 'Pending',
        deliveredOn: null,
        method: null,
        recipient: null,
        overrideReason: null,
      });
      const again = await app.inject({
        method: 'PATCH',
        url: `${BASE}/delivery/${delivered.id}`,
        payload: {
          status: 'Delivered',
          deliveredOn: '2025-10-21',
          method: 'portal',
          recipient: 'Owner',
          overrideReason: 'Redone',
          version: delivered.version + 1,
        },
        headers: await as('accounting'),
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({
        status: 'Delivered',
        deliveredOn: '2025-10-21',
        version: delivered.version + 2,
      });
      const history = await app.db.select().from(changes).where(eq(changes.entityId, delivered.id)).orderBy(changes.id);
      expect(history.map((c) => c.action)).toEqual(['delivered', 'updated', 'delivered']);
    });

    it('requires date, method and recipient to record a delivery (422 per field)', async () => {
      const entry = (await deliveries())[7]!;
      const response = await app.inject({
        method: 'PATCH',
        url: `${BASE}/delivery/${entry.id}`,
        payload: { status: 'Delivered', overrideReason: 'x', version: entry.version },
        headers: await as('accounting'),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual([
        '/deliveredOn',
        '/method',
        '/recipient',
      ]);
    });
  });

  describe('the overview', () => {
    it('counts the month per kind and shows a 12-month trend ending at the month', async () => {
      const response = await app.inject({ url: `${BASE}/overview?period=${PERIOD}`, headers: await as('accounting') });
      const overview = response.json<ReportOverview>();
      expect(overview.isOpen).toBe(true);
      // counted per property (24), with the report cells (24 × 8) alongside
      expect(overview.accounting).toMatchObject({ total: 24, reports: { total: 192 } });
      const a = overview.accounting!;
      expect(a.complete + a.inReview + a.inProgress + a.notStarted).toBe(24);
      expect(a.reports.complete).toBeGreaterThanOrEqual(18);
      const rows = (await grid()).rows;
      const byStatus = (status: AccountingStatus) =>
        rows.filter((row) => propertyAccountingStatus(Object.values(row.cells).map((c) => c.status)) === status).length;
      expect(a).toMatchObject({
        complete: byStatus('Complete'),
        inReview: byStatus('In review'),
        inProgress: byStatus('In progress'),
        notStarted: byStatus('Not started'),
      });
      expect(a.reports.complete).toBe(
        rows.flatMap((row) => Object.values(row.cells)).filter((c) => c.status === 'Complete').length,
      );
      expect(overview.delivery).toMatchObject({ total: 24, delivered: 2, pending: 22 });
      expect(overview.trend).toHaveLength(12);
      expect(overview.trend.at(-1)).toEqual({
        period: PERIOD,
        accountingComplete: Math.round((a.complete * 100) / 24),
        deliveryDelivered: Math.round(200 / 24),
      });
      expect(overview.trend[0]).toEqual({ period: '2024-10', accountingComplete: null, deliveryDelivered: null });
    });
  });

  describe('the overview of one region', () => {
    const overviewOf = async (query: string) =>
      (
        await app.inject({ url: `${BASE}/overview?period=${PERIOD}${query}`, headers: await as('accounting') })
      ).json<ReportOverview>();

    it('counts only the region’s properties, and the regions add up to the whole', async () => {
      const all = await overviewOf('');
      const regions = ['North', 'East', 'South', 'West', 'Central'];
      const parts = await Promise.all(regions.map((r) => overviewOf(`&region=${r}`)));
      expect(parts.map((p) => p.accounting!.total)).toEqual([5, 5, 5, 5, 4]);
      expect(parts.map((p) => p.accounting!.reports.total)).toEqual([40, 40, 40, 40, 32]);
      expect(parts.map((p) => p.delivery!.total)).toEqual([5, 5, 5, 5, 4]);
      for (const key of ['complete', 'inReview', 'inProgress', 'notStarted', 'late'] as const) {
        expect(
          parts.reduce((n, p) => n + p.accounting![key], 0),
          key,
        ).toBe(all.accounting![key]);
      }
      expect(parts.reduce((n, p) => n + p.delivery!.delivered, 0)).toBe(all.delivery!.delivered);
      const north = (await grid('&region=North')).rows;
      const northComplete = north.filter((r) => Object.values(r.cells).every((c) => c.status === 'Complete')).length;
      expect(parts[0]!.accounting!.complete).toBe(northComplete);
      expect(parts[0]!.trend.at(-1)!.accountingComplete).toBe(Math.round((northComplete * 100) / 5));
    });

    it('shows an unknown region as empty, with no trend', async () => {
      const none = await overviewOf('&region=Atlantis');
      expect(none.accounting).toMatchObject({ total: 0, complete: 0 });
      expect(none.trend.every((p) => p.accountingComplete === null && p.deliveryDelivered === null)).toBe(true);
    });
  });

  describe('permissions', () => {
    it('lets readers read but not write, and answers 403 to everyone without a report scope', async () => {
      const cell = (await grid()).rows[20]!.cells['rent-roll']!;
      const entry = (await deliveries())[20]!;
      const reader = await as('maintenance');
      for (const url of [
        `/accounting?period=${PERIOD}`,
        `/delivery?period=${PERIOD}`,
        `/overview?period=${PERIOD}`,
        '/months',
        '/owners',
      ]) {
        expect((await app.inject({ url: `${BASE}${url}`, headers: reader })).statusCode, url).toBe(200);
      }
      expect(
        (await patchCell(cell.id, { status: 'Complete', version: cell.version }, {}, 'maintenance')).statusCode,
      ).toBe(403);
      expect((await openMonth('maintenance', '2026-10')).statusCode).toBe(403);
      const employee = await as('employee');
      for (const url of [
        `/accounting?period=${PERIOD}`,
        `/delivery?period=${PERIOD}`,
        `/overview?period=${PERIOD}`,
        `/accounting.csv?period=${PERIOD}`,
      ]) {
        expect((await app.inject({ url: `${BASE}${url}`, headers: employee })).statusCode, url).toBe(403);
      }
      expect((await patchCell(cell.id, { status: 'Complete', version: cell.version }, {}, 'employee')).statusCode).toBe(
        403,
      );
      const delivery = {
        status: 'Delivered',
        deliveredOn: '2025-10-20',
        method: 'mail',
        recipient: 'Owner',
        overrideReason: 'test',
        version: entry.version,
      };
      expect(
        (
          await app.inject({
            method: 'PATCH',
            url: `${BASE}/delivery/${entry.id}`,
            payload: delivery,
            headers: employee,
          })
        ).statusCode,
      ).toBe(403);
    });

    it('lets a delivery writer record deliveries but not read or change accounting; the overview shows only delivery', async () => {
      const desk = await as('risk');
      const entry = (await deliveries())[21]!;
      const ok = await app.inject({
        method: 'PATCH',
        url: `${BASE}/delivery/${entry.id}`,
        payload: {
          status: 'Delivered',
          deliveredOn: '2025-10-20',
          method: 'mail',
          recipient: 'Owner',
          overrideReason: 'Owner request',
          version: entry.version,
        },
        headers: desk,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await app.inject({ url: `${BASE}/accounting?period=${PERIOD}`, headers: desk })).statusCode).toBe(403);
      const cell = (await grid()).rows[21]!.cells['rent-roll']!;
      expect((await patchCell(cell.id, { status: 'Complete', version: cell.version }, {}, 'risk')).statusCode).toBe(
        403,
      );
      const overview = (
        await app.inject({ url: `${BASE}/overview?period=${PERIOD}`, headers: desk })
      ).json<ReportOverview>();
      expect(overview.accounting).toBeNull();
      expect(overview.delivery).toMatchObject({ delivered: 3 });
      const reopened = await app.db.select({ n: count() }).from(changes).where(like(changes.entity, 'report-%'));
      expect(reopened[0]!.n).toBeGreaterThan(10);
    });
  });

  describe('the first-start seed', () => {
    const current = periodIn(new Date(), ZONE);
    const seeded = Array.from({ length: 11 }, (_, i) => shiftPeriod(current, i - 11));

    it('opens the current month and the 11 before it, so the overview trend has data', async () => {
      const months = (await app.inject({ url: `${BASE}/months`, headers: await as('accounting') })).json<{
        months: string[];
      }>().months;
      expect(months).toEqual(expect.arrayContaining([current, ...seeded]));
      const overview = (
        await app.inject({ url: `${BASE}/overview?period=${current}`, headers: await as('accounting') })
      ).json<ReportOverview>();
      expect(overview.trend.map((p) => p.period)).toEqual([...seeded, current]);
      const closed = overview.trend.slice(0, 10);
      // per property: 2–15 % of properties are left stuck; only fully Complete ones are delivered
      expect(closed.every((p) => p.accountingComplete! >= 80 && p.accountingComplete! <= 100)).toBe(true);
      expect(closed.every((p) => p.deliveryDelivered! >= 80 && p.deliveryDelivered! <= p.accountingComplete!)).toBe(
        true,
      );
      expect(overview.trend[10]!.accountingComplete).not.toBeNull();
      expect(overview.accounting).toMatchObject({ total: 24, complete: 0, reports: { total: 192, complete: 0 } });
    });

    it('delivers only fully Complete properties, on past dates, and completes cells on past dates', async () => {
      const today = calendarDateIn(new Date(), ZONE);
      for (const period of seeded) {
        const list = (
          await app.inject({ url: `${BASE}/delivery?period=${period}`, headers: await as('accounting') })
        ).json<DeliveryList>();
        const delivered = list.entries.filter((e) => e.status === 'Delivered');
        expect(delivered.every((e) => e.isAccountingComplete && e.deliveredOn! < today && e.method)).toBe(true);
        const grid = (
          await app.inject({ url: `${BASE}/accounting?period=${period}`, headers: await as('accounting') })
        ).json<AccountingGrid>();
        for (const cell of grid.rows.flatMap((r) => Object.values(r.cells))) {
          if (cell.status === 'Complete') expect(cell.completedAt! < `${today}T00:00:00`).toBe(true);
          else expect(cell.completedAt).toBeNull();
        }
      }
    });

    it('creates nothing twice and overwrites nothing when it runs again', async () => {
      const period = seeded[5]!;
      const grid = (
        await app.inject({ url: `${BASE}/accounting?period=${period}`, headers: await as('accounting') })
      ).json<AccountingGrid>();
      const cell = grid.rows[0]!.cells['rent-roll']!;
      const changed = await patchCell(cell.id, { owner: 'Dana Demo', version: cell.version });
      expect(changed.statusCode, changed.body).toBe(200);
      const countCells = async () => (await app.db.select({ n: count() }).from(reportAccountingCells))[0]!.n;
      const before = await countCells();
      await seedReportTracker(app.db);
      expect(await countCells()).toBe(before);
      const after = (
        await app.inject({ url: `${BASE}/accounting?period=${period}`, headers: await as('accounting') })
      ).json<AccountingGrid>();
      expect(after.rows[0]!.cells['rent-roll']).toMatchObject({
        status: cell.status,
        owner: 'Dana Demo',
        version: cell.version + 1,
      });
    });
  });
});
