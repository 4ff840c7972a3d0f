/** TypeBox schemas of `/api/report-tracker/*` (they mirror src/shared/report-tracker.ts). */
import { Type } from 'typebox';
import {
  ACCOUNTING_STATUSES,
  DATE_PATTERN,
  DELIVERY_METHODS,
  DELIVERY_STATUSES,
  PERIOD_PATTERN,
} from '../../../../shared/report-tracker';
import { VersionSchema } from '../schemas';

/**
 * `schema` or null. Null comes first: Fastify's Ajv coerces types, and with the string branch first
 * a JSON `null` would be coerced to `""` (so `"assigneeGroupId": null` could not clear a field).
 */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([Type.Null(), schema]);

/** A month, `YYYY-MM`. */
export const PeriodSchema = Type.String({ pattern: PERIOD_PATTERN, description: 'Month, YYYY-MM' });
/** A calendar date, `YYYY-MM-DD`, that exists (`format: date`, RFC 3339 full-date: no February 30). */
export const DateSchema = Type.String({
  pattern: DATE_PATTERN,
  format: 'date',
  description: 'Calendar date, YYYY-MM-DD',
});
/** One of the accounting statuses (Not started, In progress, In review, Complete). */
export const AccountingStatusSchema = Type.Enum(ACCOUNTING_STATUSES);

const PropertyRefSchema = Type.Object({ code: Type.String(), name: Type.String(), region: Type.String() });
const ReportSchema = Type.Object({ key: Type.String(), name: Type.String() });

/** `AccountingCell`: one report of one property for the month. */
export const AccountingCellSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  report: Type.String(),
  status: AccountingStatusSchema,
  owner: Nullable(Type.String()),
  dueDate: Type.String(),
  completedAt: Nullable(Type.String()),
  isOverdue: Type.Boolean(),
  version: Type.Integer(),
});

/** `AccountingGrid`: a month's reports (columns) and one row per property. */
export const AccountingGridSchema = Type.Object({
  period: Type.String(),
  today: Type.String(),
  reports: Type.Array(ReportSchema),
  rows: Type.Array(
    Type.Object({ property: PropertyRefSchema, cells: Type.Record(Type.String(), AccountingCellSchema) }),
  ),
});

/** `DeliveryEntry`: one property's package delivery for the month. */
export const DeliveryEntrySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  property: PropertyRefSchema,
  dueDate: Type.String(),
  status: Type.Enum(DELIVERY_STATUSES),
  isLate: Type.Boolean(),
  deliveredOn: Nullable(Type.String()),
  method: Nullable(Type.Enum(DELIVERY_METHODS)),
  recipient: Nullable(Type.String()),
  notes: Type.String(),
  overrideReason: Nullable(Type.String()),
  isAccountingComplete: Type.Boolean(),
  version: Type.Integer(),
});

/** `DeliveryList`: a month's delivery entries. */
export const DeliveryListSchema = Type.Object({
  period: Type.String(),
  today: Type.String(),
  entries: Type.Array(DeliveryEntrySchema),
});

/** `ReportOverview`: counts per kind (null without the read scope) and the 12-month trend in percent. */
export const OverviewSchema = Type.Object({
  period: Type.String(),
  isOpen: Type.Boolean(),
  accounting: Nullable(
    Type.Object({
      total: Type.Integer(),
      complete: Type.Integer(),
      inReview: Type.Integer(),
      inProgress: Type.Integer(),
      notStarted: Type.Integer(),
      late: Type.Integer(),
      reports: Type.Object({ total: Type.Integer(), complete: Type.Integer() }),
    }),
  ),
  delivery: Nullable(
    Type.Object({ total: Type.Integer(), delivered: Type.Integer(), pending: Type.Integer(), late: Type.Integer() }),
  ),
  trend: Type.Array(
    Type.Object({
      period: Type.String(),
      accountingComplete: Nullable(Type.Integer()),
      deliveryDelivered: Nullable(Type.Integer()),
    }),
  ),
});

/** `OpenMonthResult`: whether the month was opened now and how many entries were created. */
export const OpenMonthResultSchema = Type.Object({
  period: Type.String(),
  created: Type.Boolean(),
  accountingCells: Type.Integer(),
  deliveries: Type.Integer(),
});

/** Query of the grid and its CSV: period, and optional region, owner and status (or `Overdue`). */
export const GridQuery = Type.Object({
  period: PeriodSchema,
  region: Type.Optional(Type.String({ maxLength: 100 })),
  owner: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.Union([AccountingStatusSchema, Type.Literal('Overdue')])),
});

/** Query of the delivery list: period, and optional region and status (or `Late`). */
export const DeliveryQuery = Type.Object({
  period: PeriodSchema,
  region: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.Union([Type.Enum(DELIVERY_STATUSES), Type.Literal('Late')])),
});

/** Optional `If-Match: "<version>"` (RFC 9110 section 13.1.1); the body's `version` is the alternative. */
export const IfMatchHeaders = Type.Object({ 'if-match': Type.Optional(Type.String({ maxLength: 40 })) });

/** The body of `PATCH /accounting/cells/:id`: at least one field; `version` unless sent as If-Match. */
export const CellPatchBody = Type.Object(
  {
    status: Type.Optional(AccountingStatusSchema),
    owner: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
    dueDate: Type.Optional(DateSchema),
    version: Type.Optional(VersionSchema),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** The body of `POST /accounting/bulk`: the cells at the versions read, and what to set on all. */
export const BulkBody = Type.Object(
  {
    cells: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), version: VersionSchema }), {
      minItems: 1,
      maxItems: 5000,
    }),
    status: Type.Optional(AccountingStatusSchema),
    owner: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
  },
  { additionalProperties: false },
);

/** The body of `PATCH /delivery/:id`: Delivered with its details, or back to Pending. */
export const DeliveryPatchBody = Type.Object(
  {
    status: Type.Enum(DELIVERY_STATUSES),
    deliveredOn: Type.Optional(DateSchema),
    method: Type.Optional(Type.Enum(DELIVERY_METHODS)),
    recipient: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    notes: Type.Optional(Type.String({ maxLength: 2000 })),
    overrideReason: Type.Optional(Type.String({ maxLength: 500 })),
    version: Type.Optional(VersionSchema),
  },
  { additionalProperties: false },
);

/** Path parameter `:id`, a uuid. */
export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
