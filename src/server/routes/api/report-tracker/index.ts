/**
 * The report tracker API (docs/behaviour.md "Report tracker months", "Report tracker due dates",
 * "Report tracker statuses"), prefix `/api/report-tracker`:
 * - `GET  /overview?period=&region=` → counts per kind and the 12-month trend (either reader scope);
 * - `GET  /months` → open months; `POST /months {period}` → 201 opened / 200 already open (idempotent);
 * - `GET  /accounting?period=&region=&owner=&status=` → the grid; `GET /accounting.csv` → the same as CSV;
 * - `PATCH /accounting/cells/:id` (If-Match or body `version`) → the cell; 412 when stale;
 * - `POST /accounting/bulk {cells:[{id,version}], status?, owner?}` → all or nothing;
 * - `GET  /delivery?period=&region=&status=`; `PATCH /delivery/:id` → record a delivery
 *   (409 `accounting_incomplete` unless `overrideReason`);
 * - `GET  /owners` → distinct owners (filter options).
 * Readers (`reports:<kind>:read`) see, writers (`reports:<kind>:write`) change — and see.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { hasScope } from '../../../../shared/scopes';
import {
  calendarDateIn,
  REPORT_ACCOUNTING_READ,
  REPORT_ACCOUNTING_WRITE,
  REPORT_DELIVERY_READ,
  REPORT_DELIVERY_WRITE,
} from '../../../../shared/report-tracker';
import { HttpError, notFound } from '../../../lib/errors';
import {
  gridCsv,
  holidayCoverageWarning,
  isMonthOpen,
  listMonths,
  listOwners,
  openReportMonth,
  readAccountingGrid,
  readCell,
  readDeliveries,
  readOverview,
  reportTrackerConfig,
  updateCells,
  updateDelivery,
} from '../../../domains/report-tracker';
import { requireUser } from '../require-user';
import { ApiErrorSchema, AUTH_ERRORS, ValidationErrorSchema } from '../schemas';
import {
  AccountingCellSchema,
  AccountingGridSchema,
  BulkBody,
  CellPatchBody,
  DeliveryEntrySchema,
  DeliveryListSchema,
  DeliveryPatchBody,
  DeliveryQuery,
  GridQuery,
  IdParams,
  IfMatchHeaders,
  OpenMonthResultSchema,
  OverviewSchema,
  PeriodSchema,
} from './schemas';

const ACCOUNTING_READERS = { anyScope: [REPORT_ACCOUNTING_READ, REPORT_ACCOUNTING_WRITE] } as const;
const DELIVERY_READERS = { anyScope: [REPORT_DELIVERY_READ, REPORT_DELIVERY_WRITE] } as const;
const ANY_READER = {
  anyScope: [REPORT_ACCOUNTING_READ, REPORT_ACCOUNTING_WRITE, REPORT_DELIVERY_READ, REPORT_DELIVERY_WRITE],
} as const;
const ERRORS = { 403: ApiErrorSchema, 404: ApiErrorSchema, ...AUTH_ERRORS } as const;
const WRITE_ERRORS = {
  ...ERRORS,
  409: ApiErrorSchema,
  412: ApiErrorSchema,
  422: ValidationErrorSchema,
  428: ApiErrorSchema,
} as const;

/**
 * The version a write is based on: `If-Match: "3"` (or `W/"3"`, or `3`), else the body's `version`.
 * Errors: 400 for an unreadable If-Match; 428 when neither is sent.
 */
export function expectedVersion(ifMatch: string | undefined, bodyVersion: number | undefined): number {
  if (ifMatch !== undefined) {
    const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(ifMatch.trim());
    if (!match?.[1]) throw new HttpError(400, 'bad_request', 'If-Match must be the version in quotes, e.g. "3".');
    return Number(match[1]);
  }
  if (bodyVersion !== undefined) return bodyVersion;
  throw new HttpError(
    428,
    'precondition_required',
    'Send If-Match with the version you read (or "version" in the body).',
  );
}

/** See the module comment. */
export const reportTrackerRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const config = reportTrackerConfig();
  const holidayWarning = holidayCoverageWarning(config, calendarDateIn(new Date(), config.timeZone));
  if (holidayWarning) app.log.warn(holidayWarning);
  const requireOpen = async (period: string) => {
    if (!(await isMonthOpen(app.db, period))) throw notFound(`The month ${period} is not open.`);
  };

  app.get(
    '/report-tracker/overview',
    {
      config: { permission: ANY_READER },
      schema: {
        tags: ['report-tracker'],
        summary: 'Month overview and 12-month trend (optionally of one region)',
        querystring: Type.Object({ period: PeriodSchema, region: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: OverviewSchema, ...ERRORS },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { period, region } = request.query;
      const canRead = {
        accounting: ACCOUNTING_READERS.anyScope.some((s) => hasScope(user, s)),
        delivery: DELIVERY_READERS.anyScope.some((s) => hasScope(user, s)),
      };
      return readOverview(app.db, config, period, canRead, { region });
    },
  );

  app.get(
    '/report-tracker/months',
    {
      config: { permission: ANY_READER },
      schema: {
        tags: ['report-tracker'],
        summary: 'Open months, newest first',
        response: { 200: Type.Object({ months: Type.Array(Type.String()) }), ...ERRORS },
      },
    },
    async () => ({ months: await listMonths(app.db) }),
  );

  app.post(
    '/report-tracker/months',
    {
      config: { permission: { anyScope: [REPORT_ACCOUNTING_WRITE, REPORT_DELIVERY_WRITE] } },
      schema: {
        tags: ['report-tracker'],
        summary: 'Open a month (idempotent)',
        body: Type.Object({ period: PeriodSchema }, { additionalProperties: false }),
        response: { 200: OpenMonthResultSchema, 201: OpenMonthResultSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await openReportMonth(app.db, config, request.body.period, requireUser(request).id);
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/report-tracker/accounting',
    {
      config: { permission: ACCOUNTING_READERS },
      schema: {
        tags: ['report-tracker'],
        summary: 'Accounting grid of a month',
        querystring: GridQuery,
        response: { 200: AccountingGridSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { period, ...filters } = request.query;
      await requireOpen(period);
      return readAccountingGrid(app.db, config, period, filters);
    },
  );

  app.get(
    '/report-tracker/accounting.csv',
    {
      config: { permission: ACCOUNTING_READERS },
      schema: {
        tags: ['report-tracker'],
        summary: 'Accounting grid of a month as CSV (same rows, filters and columns)',
        querystring: GridQuery,
        response: { 200: Type.String(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const { period, ...filters } = request.query;
      await requireOpen(period);
      const grid = await readAccountingGrid(app.db, config, period, filters);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="report-tracker-${period}.csv"`)
        .send(gridCsv(grid));
    },
  );

  app.patch(
    '/report-tracker/accounting/cells/:id',
    {
      config: { permission: { scope: REPORT_ACCOUNTING_WRITE } },
      schema: {
        tags: ['report-tracker'],
        summary: 'Change one accounting cell (optimistic concurrency)',
        params: IdParams,
        headers: IfMatchHeaders,
        body: CellPatchBody,
        response: { 200: AccountingCellSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const { version, ...patch } = request.body;
      const expected = expectedVersion(request.headers['if-match'], version);
      await updateCells(app.db, requireUser(request).id, [{ id: request.params.id, version: expected }], patch);
      const cell = await readCell(app.db, config, request.params.id);
      if (!cell) throw notFound(`There is no report cell ${request.params.id}.`);
      return reply.header('etag', `"${cell.version}"`).send(cell);
    },
  );

  app.post(
    '/report-tracker/accounting/bulk',
    {
      config: { permission: { scope: REPORT_ACCOUNTING_WRITE } },
      schema: {
        tags: ['report-tracker'],
        summary: 'Change a selection of cells at once (all or nothing)',
        body: BulkBody,
        response: { 200: Type.Object({ changed: Type.Integer() }), ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { cells, ...patch } = request.body;
      const changed = await updateCells(app.db, requireUser(request).id, cells, patch);
      return { changed: changed.length };
    },
  );

  app.get(
    '/report-tracker/delivery',
    {
      config: { permission: DELIVERY_READERS },
      schema: {
        tags: ['report-tracker'],
        summary: 'Delivery entries of a month',
        querystring: DeliveryQuery,
        response: { 200: DeliveryListSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { period, ...filters } = request.query;
      await requireOpen(period);
      return readDeliveries(app.db, config, period, filters);
    },
  );

  app.patch(
    '/report-tracker/delivery/:id',
    {
      config: { permission: { scope: REPORT_DELIVERY_WRITE } },
      schema: {
        tags: ['report-tracker'],
        summary: 'Record a delivery (or set it back to Pending)',
        params: IdParams,
        headers: IfMatchHeaders,
        body: DeliveryPatchBody,
        response: { 200: DeliveryEntrySchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const { version, ...patch } = request.body;
      const expected = expectedVersion(request.headers['if-match'], version);
      const period = await updateDelivery(app.db, requireUser(request).id, request.params.id, expected, patch);
      const entry = (await readDeliveries(app.db, config, period)).entries.find((e) => e.id === request.params.id);
      if (!entry) throw notFound(`There is no delivery entry ${request.params.id}.`);
      return reply.header('etag', `"${entry.version}"`).send(entry);
    },
  );

  app.get(
    '/report-tracker/owners',
    {
      config: { permission: ACCOUNTING_READERS },
      schema: {
        tags: ['report-tracker'],
        summary: 'Owners named on accounting cells (filter options)',
        response: { 200: Type.Object({ owners: Type.Array(Type.String()) }), ...ERRORS },
      },
    },
    async () => ({ owners: await listOwners(app.db) }),
  );

  done();
};
