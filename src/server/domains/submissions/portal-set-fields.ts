/**
 * Field-level rule (docs/behaviour.md "Portal-set fields"): the ticket fields the portal sets
 * itself — status, priority, assignee, requester, number, version and the audit fields — are
 * refused when a submitter sends them in a form body, with a message naming the field, rather than
 * being silently dropped or reported as a mere "additional property". An area whose own JSON Schema
 * declares a property of that name (e.g. a compliance item's `status`) keeps it as ordinary form
 * data.
 */
import type { FieldError } from '../../../shared/api-error';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json';

/** Ticket fields no submitter may set on create; the portal sets them itself. */
export const PORTAL_SET_FIELDS = [
  'id',
  'number',
  'status',
  'priority',
  'assignee',
  'assigneeUserId',
  'assigneeGroupId',
  'requester',
  'requesterId',
  'version',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'dueAt',
] as const;

/**
 * `schemaErrors` with a clear entry for each portal-set field present in `data` but not declared
 * by the area's schema (replacing the schema's own message for that path). Paths are JSON Pointers.
 * Data that is not an object (a form of one field) has no fields to refuse.
 */
export function withPortalSetFieldErrors(
  schema: JsonObject,
  data: JsonValue,
  schemaErrors: FieldError[],
): FieldError[] {
  const declared = schema.properties;
  const isDeclared = (field: string) =>
    typeof declared === 'object' && declared !== null && !Array.isArray(declared) && Object.hasOwn(declared, field);
  if (!isJsonObject(data)) return schemaErrors;
  const refused = PORTAL_SET_FIELDS.filter((field) => Object.hasOwn(data, field) && !isDeclared(field));
  if (!refused.length) return schemaErrors;
  const paths = new Set(refused.map((field) => `/${field}`));
  return [
    ...refused.map((field) => ({
      path: `/${field}`,
      message: `"${field}" is set by the portal, not by the form: you may not set it`,
    })),
    ...schemaErrors.filter((error) => !paths.has(error.path)),
  ];
}
