/**
 * TypeBox schemas of the API payloads. They mirror the shared contracts in src/shared (the client
 * imports those); `contracts.ts` proves at compile time that both say the same thing.
 */
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { SUBMISSION_SORTS, TICKET_PRIORITIES, TICKET_STATUSES } from '../../../shared/submission';
import type { JsonObject, JsonValue } from '../../../shared/json';
import { AreaRuleSchema } from '../../domains/areas';
import { INT4_MAX } from '../../lib/storable-input';

/**
 * `schema` or null in a RESPONSE schema, as a JSON Schema type array (`{ type: ['string', 'null'] }`,
 * JSON Schema 2020-12 Validation, section 6.1.1). fast-json-stringify writes it after one null check; for an `anyOf`
 * it runs a validation per value to choose the branch (a page of 25 tickets serialised in ~57 µs
 * instead of ~115 µs). Request schemas keep `anyOf` with null first (see tickets/schemas `Nullable`).
 */
export function NullableResult<T extends TSchema & { type: string }>(schema: T): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/**
 * A path parameter naming a row by id: a uuid (36 characters), so anything longer answers 400
 * before any query; shorter text that is no uuid answers 404 in the domain.
 */
export const IdSchema = Type.String({ maxLength: 36, description: 'A uuid' });

/** A row version a write is based on: 1 up to the largest value of its PostgreSQL `integer` column. */
export const VersionSchema = Type.Integer({ minimum: 1, maximum: INT4_MAX });

/** Any JSON object (form data, JSON Schema, UI schema); serialized as-is. */
export const JsonObjectSchema = Type.Unsafe<JsonObject>({ type: 'object', additionalProperties: true });

/** Any JSON value (the data of a form, whose root need not be an object); serialized as-is. */
export const JsonValueSchema = Type.Unsafe<JsonValue>({});

/** A request body of any JSON value; a missing body fails the type check (400). */
export const JsonBodySchema = Type.Unsafe<JsonValue>({
  type: ['object', 'array', 'string', 'number', 'boolean', 'null'],
});

/** `ApiError` (src/shared/api-error.ts): every 4xx/5xx body. */
export const ApiErrorSchema = Type.Object({ statusCode: Type.Integer(), error: Type.String(), message: Type.String() });

/** `ValidationErrorBody`: 422, one `{ path, message }` per failing field. */
export const ValidationErrorSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.Literal('validation_failed'),
  message: Type.String(),
  errors: Type.Array(Type.Object({ path: Type.String(), message: Type.String() })),
});

/** `Profile` (src/shared/me.ts): `GET /api/me`. */
export const ProfileSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  issuer: Type.String(),
  subject: Type.String(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  roleGroups: Type.Array(Type.String()),
  scope: Type.Array(Type.String()),
});

/** `AuthConfig` (src/shared/me.ts): `GET /api/auth/config`. */
export const AuthConfigSchema = Type.Object({
  authority: Type.String(),
  clientId: Type.String(),
  audience: Type.String(),
  scope: Type.String(),
  resource: Type.Union([Type.String(), Type.Null()]),
  strategy: Type.String(),
});

/** `Property` (src/shared/me.ts): `GET /api/properties` items. */
export const PropertySchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  region: Type.String(),
  active: Type.Boolean(),
});

/** `AreaSummary` (src/shared/area.ts): `GET /api/areas` items. */
export const AreaSummarySchema = Type.Object({
  key: Type.String(),
  title: Type.String(),
  group: Type.String(),
  description: Type.String(),
  parent: Type.Optional(Type.String()),
});

/** `AreaDefinition` (src/shared/area.ts): `GET /api/areas/:key`. */
export const AreaDefinitionSchema = Type.Object({
  key: Type.String(),
  title: Type.String(),
  group: Type.String(),
  description: Type.String(),
  parent: Type.Optional(Type.String()),
  version: Type.Integer(),
  schema: JsonObjectSchema,
  uiSchema: JsonObjectSchema,
  validator: Type.String({ description: "The precompiled validator module's path below /api" }),
  listColumns: Type.Array(Type.String()),
  summaryField: Type.Optional(Type.String()),
  propertyField: Type.Optional(Type.String()),
  handlers: Type.Array(Type.String()),
  rules: Type.Optional(Type.Array(AreaRuleSchema)),
  ratesTicket: Type.Optional(
    Type.Object({
      ticketField: Type.String(),
      ratingField: Type.Optional(Type.String()),
      reopenField: Type.Optional(Type.String()),
      reopenReasonField: Type.Optional(Type.String()),
    }),
  ),
});

/** `PersonRef` (src/shared/submission.ts): requester of a submission. */
export const PersonRefSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: NullableResult(Type.String()),
});

/** `Submission` (src/shared/submission.ts); times are ISO 8601 UTC. */
export const SubmissionSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  number: Type.String(),
  area: Type.String(),
  parentId: NullableResult(Type.String()),
  status: Type.Enum(TICKET_STATUSES),
  priority: Type.Enum(TICKET_PRIORITIES),
  property: NullableResult(Type.String()),
  summary: NullableResult(Type.String()),
  data: JsonValueSchema,
  schemaVersion: Type.Integer(),
  requester: PersonRefSchema,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
});

/** `SubmissionPage`: one keyset page and the opaque cursor of the next. */
export const SubmissionPageSchema = Type.Object({
  items: Type.Array(SubmissionSchema),
  nextCursor: NullableResult(Type.String()),
});

/** One of `SUBMISSION_SORTS`; `-` means descending. */
export const SubmissionSortSchema = Type.Enum(SUBMISSION_SORTS);

/** Error responses every authenticated route may give. */
export const AUTH_ERRORS = { 401: ApiErrorSchema, 415: ApiErrorSchema } as const;
