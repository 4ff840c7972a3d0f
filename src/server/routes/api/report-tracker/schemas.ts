/** TypeBox schemas of `/api/report-tracker/*` (they mirror src/shared/report-tracker.ts). */
import { Type } from 'typebox';
import {
  ACCOUNTING_STATUSES,
  DATE_PATTERN,
  DELIVERY_METHODS,
  DELIVERY_STATUSES,
  PERIOD_PATTERN,
} from '../../../../shared/report-tracker';

/**
 * `schema` or null. Null comes first: Fastify's Ajv coerces types, and with the string branch first
 * a JSON `null` would be coerced to `""` (so `"assigneeGroupId": null` could not clear a field).
 */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([Type.Null(), schema]);

export const PeriodSchema = Type.String({ pattern: PERIOD_PATTERN, description: 'Month, YYYY-MM' });
export const DateSchema = Type.String({ pattern: DATE_PATTERN, description: 'Calendar date, YYYY-MM-DD' });
export const AccountingStatusSchema = Type.Enum(ACCOUNTING_STATUSES);

const PropertyRefSchema = Type.Object({ code: Type.String(), name: Type.String(), region: Type.String() });
const ReportSchema = Type.Object({ key: Type.String(), name: Type.String() });

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

export const AccountingGridSchema = Type.Object({
  period: Type.String(),
  today: Type.String(),
  reports: Type.Array(ReportSchema),
  rows: Type.Array(
    Type.Object({ property: PropertyRefSchema, cells: Type.Record(Type.String(), AccountingCellSchema) }),
  ),
});

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

export const DeliveryListSchema = Type.Object({
  period: Type.String(),
  today: Type.String(),
  entries: Type.Array(DeliveryEntrySchema),
});

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

export const OpenMonthResultSchema = Type.Object({
  period: Type.String(),
  created: Type.Boolean(),
  accountingCells: Type.Integer(),
  deliveries: Type.Integer(),
});

export const GridQuery = Type.Object({
  period: PeriodSchema,
  region: Type.Optional(Type.String({ maxLength: 100 })),
  owner: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.Union([AccountingStatusSchema, Type.Literal('Overdue')])),
});

export const DeliveryQuery = Type.Object({
  period: PeriodSchema,
  region: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.Union([Type.Enum(DELIVERY_STATUSES), Type.Literal('Late')])),
});

/** Optional `If-Match: "<version>"` (RFC 9110 §13.1.1); the body's `version` is the alternative. */
export const IfMatchHeaders = Type.Object({ 'if-match': Type.Optional(Type.String({ maxLength: 40 })) });

export const CellPatchBody = Type.Object(
  {
    status: Type.Optional(AccountingStatusSchema),
    owner: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
    dueDate: Type.Optional(DateSchema),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const BulkBody = Type.Object(
  {
    cells: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), version: Type.Integer({ minimum: 1 }) }), {
      minItems: 1,
      maxItems: 5000,
    }),
    status: Type.Optional(AccountingStatusSchema),
    owner: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
  },
  { additionalProperties: false },
);

export const DeliveryPatchBody = Type.Object(
  {
    status: Type.Enum(DELIVERY_STATUSES),
    deliveredOn: Type.Optional(DateSchema),
    method: Type.Optional(Type.Enum(DELIVERY_METHODS)),
    recipient: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    notes: Type.Optional(Type.String({ maxLength: 2000 })),
    overrideReason: Type.Optional(Type.String({ maxLength: 500 })),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
