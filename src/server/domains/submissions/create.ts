/**
 * Creating a submission (docs/behaviour.md "Submissions"): nothing a user submitted is ever lost or
 * stored twice. In order: the scope check, the Idempotency-Key replay, the parent check for nested
 * areas, then every field check (portal-set ticket fields, the area's JSON Schema, its cross-field
 * rules from area.json `rules`, rich-text fields, property fields, attachment references, and
 * whatever other domains object to on `submissionChecking`), and finally ONE transaction: the
 * per-area number, the row, its `created` history entry, the attachment links, and
 * `submissionCreated` (routing and ticket feedback react to it there).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FieldError } from '../../../shared/api-error';
import { checkAreaRules } from '../../../shared/area-rules';
import { escapePointerToken } from '../../../shared/form-validation';
import { isJsonObject, type JsonValue } from '../../../shared/json';
import { isDocumentString, readRichText, toPlainText } from '../../../shared/rich-text';
import { SCHEMA_CHANGED_ERROR } from '../../../shared/form-areas';
import { canSubmitArea } from '../../../shared/scopes';
import { formatSubmissionNumber, type Submission } from '../../../shared/submission';
import type { Database } from '../../db/client';
import { areaCounters, changes, submissions } from '../../db/schema';
import { isActiveProperty } from '../properties';
import { type Area, findPropertyFields } from '../areas';
import { sanitiseRichTextFields } from '../../lib/rich-text-sanitiser';
import { forbidden, HttpError, isUniqueViolation, notFound, validationFailed } from '../../lib/errors';
import { withPortalSetFieldErrors } from './portal-set-fields';
import type { AuthUser } from '../role-groups';
import { checkAttachmentRefs, linkAttachments } from './attachment-links';
import type { SubmissionEventBus } from './events';
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

/** Every field offering properties must name an existing, active property (the list behind the picker). */
async function propertyErrors(db: Database, area: Area, data: JsonValue, errors: FieldError[]): Promise<FieldError[]> {
  const found: FieldError[] = [];
  if (!isJsonObject(data)) return found;
  for (const field of findPropertyFields(area.definition.uiSchema)) {
    const value = data[field];
    const path = `/${escapePointerToken(field)}`;
    if (typeof value !== 'string' || errors.some((e) => e.path === path)) continue;
    if (!(await isActiveProperty(db, value))) found.push({ path, message: 'must be an existing, active property' });
  }
  return found;
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

async function insertSubmission(
  { db, events }: CreateDependencies,
  input: CreateInput,
  attachmentIds: readonly string[],
): Promise<string> {
  const { area, user, data } = input;
  const { key, version, propertyField } = area.definition;
  const chosen = propertyField !== undefined && isJsonObject(data) ? data[propertyField] : undefined;
  const property = typeof chosen === 'string' ? chosen : null;
  // JSON null as a whole (a form of one nullable field) is stored as the jsonb value null, not SQL NULL.
  const stored: JsonValue | SQL = data === null ? sql`'null'::jsonb` : data;
  return db.transaction(async (tx) => {
    const [counter] = await tx
      .insert(areaCounters)
      .values({ area: key, lastNumber: 1 })
      .onConflictDoUpdate({ target: areaCounters.area, set: { lastNumber: sql`${areaCounters.lastNumber} + 1` } })
      .returning({ lastNumber: areaCounters.lastNumber });
    if (!counter) throw new Error('area counter returned no row');
    const number = formatSubmissionNumber(key, counter.lastNumber);
    const values = {
      area: key,
      sequence: counter.lastNumber,
      number,
      parentId: input.parentId ?? null,
      data: stored,
      schemaVersion: version,
    };
    const [row] = await tx
      .insert(submissions)
      .values({
        ...values,
        propertyCode: property,
        summary: summaryOf(area, data),
        requesterId: user.id,
        idempotencyKey: input.idempotencyKey ?? null,
      })
      .returning({ id: submissions.id });
    if (!row) throw new Error('submission insert returned no row');
    const diff = {
      number: { from: null, to: number },
      status: { from: null, to: 'New' },
      property: { from: null, to: property },
      data: { from: null, to: data },
    };
    await tx
      .insert(changes)
      .values({ entity: 'submission', entityId: row.id, actorId: user.id, action: 'created', diff });
    await linkAttachments(tx, attachmentIds, row.id, user);
    await events.emit('submissionCreated', {
      tx,
      submission: { id: row.id, number, area: area.definition, propertyCode: property, data },
      requester: user,
    });
    return row.id;
  });
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
  const { db, events } = dependencies;
  const { area, user, idempotencyKey } = input;
  if (!canSubmitArea(user, area.definition.key)) {
    throw forbidden(`You may not submit the ${area.definition.title} form.`);
  }
  if (idempotencyKey !== undefined) {
    const earlier = await findByIdempotencyKey(db, user, idempotencyKey, area.definition.key);
    if (earlier) return { submission: earlier, replayed: true };
  }
  checkSchemaVersion(area, input.schemaVersion);
  await checkParent(db, input);
  const errors = withPortalSetFieldErrors(area.definition.schema, input.data, area.validate(input.data));
  const richText = sanitiseRichTextFields(area.definition.uiSchema, input.data, errors);
  const { data } = richText;
  errors.push(...richText.errors);
  errors.push(...ruleErrors(area, data, errors));
  errors.push(...(await propertyErrors(db, area, data, errors)));
  const attached = await checkAttachmentRefs(db, area.definition.uiSchema, user, data);
  errors.push(...attached.errors);
  const faultedPaths = new Set(errors.map((error) => error.path));
  const objections = await events.emit('submissionChecking', {
    area: area.definition,
    requester: user,
    data,
    faultedPaths,
    db,
  });
  errors.push(...objections.flat());
  if (errors.length) throw validationFailed(errors);
  let id: string;
  try {
    id = await insertSubmission(dependencies, { ...input, data }, attached.ids);
  } catch (error) {
    // Two concurrent retries with one key: the loser's transaction rolled back; answer with the winner's row.
    if (idempotencyKey !== undefined && isUniqueViolation(error, 'submissions_requester_idempotency_key')) {
      const earlier = await findByIdempotencyKey(db, user, idempotencyKey, area.definition.key);
      if (earlier) return { submission: earlier, replayed: true };
    }
    throw error;
  }
  const created = await findVisibleSubmission(db, user, area.definition.key, id);
  if (!created) throw new Error(`submission ${id} vanished after insert`);
  return { submission: created, replayed: false };
}
