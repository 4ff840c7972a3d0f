/**
 * Creating a submission (docs/behaviour.md "Submissions"): nothing a user submitted is ever lost or
 * stored twice. In order: the scope check, the Idempotency-Key replay, the parent check for nested
 * areas, then every field check (portal-set ticket fields, the area's JSON Schema, its cross-field
 * rules from area.json `rules`, rich-text fields, property fields, attachment references, and
 * whatever other domains object to on `submissionChecking`), and finally ONE transaction:
 * `submissionPlanning` (approvals or routing decide the status and assignee) and
 * `submissionStarting` (the service-level clock's due times), then the per-area number, the row as
 * they decided it, its `created` history entry and its attachment links (one statement, which also
 * checks the property fields), what the plan writes with the row (routing's `assigned` entry, the
 * approval steps), `submissionCreated` (ticket feedback) and `submissionSettled` (notifications,
 * told the status and assignee so they need not read the row). The Idempotency-Key is looked up
 * only when something refuses the request (its unique key refuses a second row): a retry of a
 * stored submission answers with it.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FieldError } from '../../../shared/api-error';
import { checkAreaRules } from '../../../shared/area-rules';
import { escapePointerToken } from '../../../shared/form-validation';
import { isJsonObject, type JsonValue } from '../../../shared/json';
import { isDocumentString, readRichText, toPlainText } from '../../../shared/rich-text';
import { SCHEMA_CHANGED_ERROR } from '../../../shared/form-areas';
import { canSubmitArea } from '../../../shared/scopes';
import type { Submission, TicketPriority, TicketStatus } from '../../../shared/submission';
import type { Database } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { submissions } from '../../db/schema';
import { isActiveProperty } from '../properties';
import { type Area, findPropertyFields } from '../areas';
import { sanitiseRichTextFields } from '../../lib/rich-text-sanitiser';
import { forbidden, HttpError, isUniqueViolation, notFound, validationFailed } from '../../lib/errors';
import { withPortalSetFieldErrors } from './portal-set-fields';
import type { AuthUser } from '../role-groups';
import { attachedMeanwhile, checkAttachmentRefs, linkingUpdate } from './attachment-links';
import {
  SUBMISSION_CLOCK_COLUMNS,
  type SubmissionClockColumns,
  type SubmissionCreated,
  type SubmissionEventBus,
  type SubmissionPlan,
} from './events';
import { findVisibleSubmission, selectSubmissions, toSubmission } from './repository';

/** What creating a submission needs besides its input: the database and the bus it announces on. */
export type CreateDependencies = { db: Database; events: SubmissionEventBus };

/** One submission to create: its area, the requester, the form data, the parent's id, the Idempotency-Key. */
export type CreateInput = {
  area: Area;
  user: AuthUser;
  /** The form data: an object, or the value itself for a form whose root is not an object. */
  data: JsonValue;
  parentId: string | undefined;
  idempotencyKey: string | undefined;
  /**
   * The schema version the form was rendered with (`Form-Schema-Version`), or undefined (API
   * clients): then the data is checked against the current version.
   */
  schemaVersion?: number | undefined;
};

/** The stored submission; `replayed` when an earlier request with the same Idempotency-Key made it. */
export type CreateResult = { submission: Submission; replayed: boolean };

const SUMMARY_MAX = 200;

/** The priority every new ticket starts with (a handler changes it). */
const NEW_TICKET_PRIORITY: TicketPriority = 'Normal';

async function findByIdempotencyKey(
  db: Database,
  user: AuthUser,
  key: string,
  area: string,
): Promise<Submission | null> {
  const [row] = await selectSubmissions(db)
    .where(and(eq(submissions.requesterId, user.id), eq(submissions.idempotencyKey, key)))
    .limit(1);
  if (!row) return null;
  if (row.area !== area) {
    throw new HttpError(
      409,
      'conflict',
      'This Idempotency-Key was already used for a submission of another form area.',
    );
  }
  return toSubmission(row);
}

/**
 * 409 `schema_changed` when the form was rendered with another schema version than the current
 * one (docs/behaviour.md "Form areas"): its fields may no longer be the form's.
 */
function checkSchemaVersion(area: Area, sent: number | undefined): void {
  const { title, version } = area.definition;
  if (sent === undefined || sent === version) return;
  throw new HttpError(
    409,
    SCHEMA_CHANGED_ERROR,
    `The ${title} form has changed since you opened it (yours is version ${sent}, the current one is version ${version}). ` +
      'Nothing was stored: reload the form, check your answers and submit again.',
  );
}

async function checkParent(db: Database, input: CreateInput): Promise<void> {
  const { definition } = input.area;
  if (definition.parent === undefined) {
    if (input.parentId !== undefined) {
      throw validationFailed([
        { path: '', message: `${definition.title} is not nested under another form; parentId is not allowed.` },
      ]);
    }
    return;
  }
  if (input.parentId === undefined) {
    throw validationFailed([
      { path: '', message: `${definition.title} belongs to a ${definition.parent} submission: parentId is required.` },
    ]);
  }
  const parent = await findVisibleSubmission(db, input.user, definition.parent, input.parentId);
  if (!parent) throw notFound(`There is no ${definition.parent} submission ${input.parentId} that you can see.`);
}

/** The area's cross-field rules (area.json `rules`); a field the schema already faulted keeps that one message. */
function ruleErrors(area: Area, data: JsonValue, errors: FieldError[]): FieldError[] {
  const faulted = new Set(errors.map((error) => error.path));
  return checkAreaRules(area.definition.rules ?? [], data).filter((error) => !faulted.has(error.path));
}

/**
 * The ticket's summary: the `summaryField` as plain text, or, for a form whose root is not an
 * object, the value itself (docs/behaviour.md "Submissions").
 */
function summaryOf(area: Area, data: JsonValue): string | null {
  const field = area.definition.summaryField;
  const value: JsonValue | undefined = !isJsonObject(data) ? data : field === undefined ? undefined : data[field];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || !value.trim()) return null;
  const reading = isDocumentString(value) ? readRichText(value) : undefined;
  const text = (reading?.ok ? toPlainText(reading.doc) : value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text || null;
}

/** A property field's value still to be checked (existing, active) when the row is written. */
type PropertyRef = { path: string; code: string };

/**
 * The string values of the area's property fields (the fields offering properties) that no other
 * check has faulted yet.
 */
function propertyRefs(area: Area, data: JsonValue, errors: readonly FieldError[]): PropertyRef[] {
  if (!isJsonObject(data)) return [];
  return findPropertyFields(area.definition.uiSchema).flatMap((field) => {
    const value = data[field];
    const path = `/${escapePointerToken(field)}`;
    return typeof value === 'string' && !errors.some((e) => e.path === path) ? [{ path, code: value }] : [];
  });
}

/** Every property field must name an existing, active property (the list behind the picker). */
async function propertyErrors(db: Database, refs: readonly PropertyRef[]): Promise<FieldError[]> {
  const found: FieldError[] = [];
  for (const { path, code } of refs) {
    if (!(await isActiveProperty(db, code))) found.push({ path, message: 'must be an existing, active property' });
  }
  return found;
}

/** Thrown inside the creating transaction when a property named by the form is not (or no longer) active. */
class InactiveProperty extends Error {}

/** The stored row as the creating statement returns it. */
type CreatedRow = {
  id: string;
  number: string;
  status: string;
  priority: string;
  data: JsonValue;
  version: number;
  created_at: string;
  updated_at: string;
  requester_name: string;
  requester_email: string | null;
  /** How many of the checked attachments the statement linked. */
  linked: number;
};

/** PostgreSQL's text of a timestamptz as JavaScript's toISOString() writes it (UTC, milliseconds). */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * How the row starts besides the input: its property code and summary, the plan's status and
 * assignee, the service-level clock's columns (none: their defaults), and the checked attachments
 * to link to it.
 */
type RowStart = {
  propertyCode: string | null;
  summary: string | null;
  plan: SubmissionPlan | undefined;
  clock: SubmissionClockColumns | undefined;
  attachmentIds: readonly string[];
};

/** The clock's column names and values for the creating insert, each value cast to its column's type. */
function clockColumns(clock: SubmissionClockColumns | undefined): { names: SQL; values: SQL } {
  if (!clock) return { names: sql``, values: sql`` };
  const columns = SUBMISSION_CLOCK_COLUMNS.map((key) => ({ column: submissions[key], value: clock[key] }));
  const names = columns.map(({ column }) => sql.identifier(column.name));
  const values = columns.map(({ column, value }) => sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`);
  return { names: sql`, ${sql.join(names, sql`, `)}`, values: sql`, ${sql.join(values, sql`, `)}` };
}

/**
 * Writes the submission in ONE statement (docs/performance.md "Submission throughput"): the area
 * counter bump, the row numbered by it with the status, assignee and clock `start` gives it, its
 * `created` history entry and the links of its attachments, returning the row with its requester
 * and how many files it linked (fewer than checked: the caller's 409). The counter row is locked
 * from this statement to the commit, so every other writer of the area waits for exactly that
 * long: what can be decided before it (the plan, the clock) is. When `properties` is not empty the
 * statement writes nothing unless every code names an active property (the caller's
 * {@link InactiveProperty}).
 */
async function writeSubmission(
  tx: Database,
  input: CreateInput,
  properties: readonly PropertyRef[],
  start: RowStart,
): Promise<CreatedRow | undefined> {
  const { area, user, data } = input;
  const assignee = start.plan?.assignee;
  const clock = clockColumns(start.clock);
  const { attachmentIds } = start;
  const linking = attachmentIds.length
    ? sql`, "linked" as (${linkingUpdate(attachmentIds, user.id, sql`(select "id" from "created")`)})`
    : sql``;
  const linked = attachmentIds.length ? sql`(select count(*) from "linked")::int` : sql`0`;
  const { key, version } = area.definition;
  const code = start.propertyCode;
  const codes = [...new Set(properties.map((ref) => ref.code))];
  const guard = codes.length
    ? sql`where (select count(*) from "properties" where "code" in (${sql.join(
        codes.map((value) => sql`${value}`),
        sql`, `,
      )}) and "active") = ${codes.length}`
    : sql``;
  // `number` is filled in by the statement, from the counter.
  const diff = {
    number: { from: null, to: null },
    status: { from: null, to: 'New' },
    property: { from: null, to: code },
    data: { from: null, to: data },
  };
  const result = await tx.execute(sql`
    with "counter" as (
      insert into "area_counters" ("area", "last_number")
      select ${key}, 1 ${guard}
      on conflict ("area") do update set "last_number" = "area_counters"."last_number" + 1
      returning "last_number"
    ), "created" as (
      insert into "submissions" ("area", "sequence", "number", "parent_id", "data", "schema_version",
        "property_code", "summary", "requester_id", "idempotency_key", "status", "priority",
        "assignee_user_id", "assignee_group_id", "assignment_rule_id"${clock.names})
      select ${key}, "last_number",
        ${key} || '-' || lpad("last_number"::text, greatest(6, length("last_number"::text)), '0'),
        ${input.parentId ?? null}::uuid, ${JSON.stringify(data)}::jsonb, ${version}, ${code},
        ${start.summary}, ${user.id}::uuid, ${input.idempotencyKey ?? null},
        ${start.plan?.status ?? 'New'}, ${NEW_TICKET_PRIORITY}, ${assignee?.userId ?? null}::uuid,
        ${assignee?.groupId ?? null}::uuid, ${assignee?.ruleId ?? null}::uuid${clock.values}
      from "counter"
      returning *
    ), "history" as (
      insert into "changes" ("entity", "entity_id", "actor_id", "action", "diff")
      select 'submission', "id"::text, ${user.id}::uuid, 'created',
        jsonb_set(${JSON.stringify(diff)}::jsonb, '{number,to}', to_jsonb("number"))
      from "created"
    )${linking}
    select c."id", c."number", c."status", c."priority", c."data", c."version",
      ${isoText(sql`c."created_at"`)} as "created_at", ${isoText(sql`c."updated_at"`)} as "updated_at",
      u."name" as "requester_name", u."email" as "requester_email", ${linked} as "linked"
    from "created" c join "users" u on u."id" = c."requester_id"`);
  return (result as { rows: CreatedRow[] }).rows[0];
}

/**
 * The creating transaction: `submissionPlanning` and `submissionStarting`, {@link writeSubmission}
 * with what they decided (and the attachment links), the plan's own writes, then `submissionCreated`
 * and `submissionSettled` with the status and assignee the row holds.
 */
async function insertSubmission(
  { db, events }: CreateDependencies,
  input: CreateInput,
  attachmentIds: readonly string[],
  properties: readonly PropertyRef[],
): Promise<Submission> {
  const { area, user } = input;
  const propertyCode = property(input);
  const summary = summaryOf(area, input.data);
  const toWrite = { area: area.definition, propertyCode, data: input.data };
  return writeTransaction(db, async (tx) => {
    const plan = lastOf(await events.emit('submissionPlanning', { tx, submission: toWrite, requester: user }));
    const status: TicketStatus = plan?.status ?? 'New';
    const starting = { submission: { ...toWrite, status, priority: NEW_TICKET_PRIORITY } };
    const clock = lastOf(await events.emit('submissionStarting', starting));
    const row = await writeSubmission(tx, input, properties, { propertyCode, summary, plan, clock, attachmentIds });
    if (!row) {
      if (properties.length) throw new InactiveProperty();
      throw new Error('submission insert returned no row');
    }
    if (row.linked !== attachmentIds.length) throw attachedMeanwhile(false);
    const created: SubmissionCreated = {
      tx,
      submission: { ...toWrite, id: row.id, number: row.number, data: row.data },
      requester: user,
    };
    const assignee = plan ? await plan.written(created) : null;
    await events.emit('submissionCreated', created);
    const priority = row.priority as TicketPriority;
    await events.emit('submissionSettled', {
      tx,
      submission: { ...created.submission, status, priority, summary, assignee },
      requester: user,
    });
    return {
      id: row.id,
      number: row.number,
      area: area.definition.key,
      parentId: input.parentId ?? null,
      status,
      priority,
      property: propertyCode,
      summary,
      data: row.data,
      schemaVersion: area.definition.version,
      requester: { id: user.id, name: row.requester_name, email: row.requester_email },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      version: row.version,
    };
  });
}

/** The last of `results` that is not undefined (a listener without an answer returns undefined). */
function lastOf<T>(results: readonly (T | undefined)[]): T | undefined {
  return results.findLast((result) => result !== undefined);
}

/** The property code the submission's `propertyField` names, or null. */
function property({ area, data }: CreateInput): string | null {
  const field = area.definition.propertyField;
  const chosen = field !== undefined && isJsonObject(data) ? data[field] : undefined;
  return typeof chosen === 'string' ? chosen : null;
}

/**
 * Creates a submission of `input.area` (see the module comment). Errors: 403 `forbidden` without
 * `forms:submit` or `forms:<Area>:submit`; 409 `schema_changed` when `schemaVersion` is not the
 * area's current version (after the replay check, so a retry of a stored submission still
 * answers with it); 422 `validation_failed` with one error per field
 * (portal-set ticket fields such as `status` or `requester`, schema, rules, property and
 * attachment errors, a bad or missing `parentId`, and any listener's objection); 404 `not_found`
 * for a parent the user cannot see; 409 `conflict` for an Idempotency-Key reused across areas or
 * an attachment linked elsewhere at the same moment; whatever a `submissionCreated` listener
 * throws. Nothing is stored on any error.
 */
export async function createSubmission(dependencies: CreateDependencies, input: CreateInput): Promise<CreateResult> {
  const { db } = dependencies;
  const { area, user, idempotencyKey } = input;
  if (!canSubmitArea(user, area.definition.key)) {
    throw forbidden(`You may not submit the ${area.definition.title} form.`);
  }
  try {
    return { submission: await checkAndStore(dependencies, input), replayed: false };
  } catch (error) {
    // A retry of a stored submission answers with it, whatever the checks now say (the form may
    // have changed, its attachments are linked, its rating given); two concurrent retries with one
    // key: the loser's transaction rolled back (nothing numbered, nothing stored twice).
    const retried = error instanceof HttpError || isUniqueViolation(error, 'submissions_requester_idempotency_key');
    if (idempotencyKey !== undefined && retried) {
      const earlier = await findByIdempotencyKey(db, user, idempotencyKey, area.definition.key);
      if (earlier) return { submission: earlier, replayed: true };
    }
    throw error;
  }
}

/** Every check of {@link createSubmission}, then the creating transaction; the stored submission. */
async function checkAndStore(dependencies: CreateDependencies, input: CreateInput): Promise<Submission> {
  const { db, events } = dependencies;
  const { area, user } = input;
  checkSchemaVersion(area, input.schemaVersion);
  await checkParent(db, input);
  const errors = withPortalSetFieldErrors(area.definition.schema, input.data, area.validate(input.data));
  const richText = sanitiseRichTextFields(area.definition.uiSchema, input.data, errors);
  const { data } = richText;
  errors.push(...richText.errors);
  errors.push(...ruleErrors(area, data, errors));
  // Property fields are checked by the creating statement itself, unless the answer is an error
  // anyway: then they are looked up here, so it lists every field at fault.
  let properties = propertyRefs(area, data, errors);
  const attached = await checkAttachmentRefs(db, area.definition.uiSchema, user, data);
  errors.push(...attached.errors);
  if (errors.length) {
    errors.push(...(await propertyErrors(db, properties)));
    properties = [];
  }
  const faultedPaths = new Set(errors.map((error) => error.path));
  const objections = (
    await events.emit('submissionChecking', { area: area.definition, requester: user, data, faultedPaths, db })
  ).flat();
  if (objections.length) errors.push(...(await propertyErrors(db, properties)), ...objections);
  if (errors.length) throw validationFailed(errors);
  try {
    return await insertSubmission(dependencies, { ...input, data }, attached.ids, properties);
  } catch (error) {
    if (!(error instanceof InactiveProperty)) throw error;
    const found = await propertyErrors(db, properties);
    // Deactivated and active again in between: one more try, checked as before.
    if (!found.length) return insertSubmission(dependencies, { ...input, data }, attached.ids, properties);
    throw validationFailed(found);
  }
}
