/**
 * Creating a submission (issue 2 contract; design.md §6 "nothing a user submitted is ever lost or
 * stored twice"): scope check, parent check for nested areas, the area's JSON Schema, its
 * cross-field rules (area.json `rules`), the property fields, then ONE transaction for the
 * per-area number, the row and its 'created' change, then routing by the assignment rules
 * (lib/routing.ts: the first matching rule assigns it and adds an 'assigned' change).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FieldError } from '../../../shared/api-error';
import { checkAreaRules } from '../../../shared/area-rules';
import { escapePointerToken } from '../../../shared/form-validation';
import type { JsonObject, JsonValue } from '../../../shared/json';
import { isDocumentString, readRichText, toPlainText } from '../../../shared/rich-text';
import { canSubmitArea } from '../../../shared/scopes';
import { formatSubmissionNumber, type Submission } from '../../../shared/submission';
import type { Database } from '../../db/client';
import { areaCounters, changes, properties, submissions } from '../../db/schema';
import { findPropertyFields } from '../areas/discovery';
import { routeNewSubmission } from '../assignments/routing';
import { sanitiseRichTextFields } from '../../lib/rich-text-sanitiser';
import { forbidden, HttpError, isUniqueViolation, notFound, validationFailed } from '../../lib/errors';
import { withPortalSetFieldErrors } from './portal-set-fields';
import {
  alreadyRated,
  checkFeedbackTarget,
  ONE_FEEDBACK_PER_TICKET,
  recordFeedback,
  type FeedbackTarget,
} from '../tickets/feedback';
import type { AuthUser } from '../../plugins/auth/index';
import type { Area } from '../areas/registry';
import { checkAttachmentRefs, linkAttachments } from './attachment-links';
import { findVisibleSubmission, selectSubmissions, toSubmission } from './repository';

export type CreateInput = {
  area: Area;
  user: AuthUser;
  data: JsonObject;
  parentId: string | undefined;
  idempotencyKey: string | undefined;
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
async function propertyErrors(db: Database, area: Area, data: JsonObject, errors: FieldError[]): Promise<FieldError[]> {
  const found: FieldError[] = [];
  for (const field of findPropertyFields(area.definition.uiSchema)) {
    const value = data[field];
    const path = `/${escapePointerToken(field)}`;
    if (typeof value !== 'string' || errors.some((e) => e.path === path)) continue;
    const [row] = await db
      .select({ code: properties.code })
      .from(properties)
      .where(and(eq(properties.code, value), eq(properties.active, true)))
      .limit(1);
    if (!row) found.push({ path, message: 'must be an existing, active property' });
  }
  return found;
}

/** The area's cross-field rules (area.json `rules`); a field the schema already faulted keeps that one message. */
function ruleErrors(area: Area, data: JsonObject, errors: FieldError[]): FieldError[] {
  const faulted = new Set(errors.map((error) => error.path));
  return checkAreaRules(area.definition.rules ?? [], data).filter((error) => !faulted.has(error.path));
}

function summaryOf(area: Area, data: JsonObject): string | null {
  const field = area.definition.summaryField;
  const value: JsonValue | undefined = field === undefined ? undefined : data[field];
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
  db: Database,
  input: CreateInput,
  attachmentIds: readonly string[],
  rated: FeedbackTarget | null,
): Promise<string> {
  const { area, user, data } = input;
  const { key, version, propertyField } = area.definition;
  const property = propertyField !== undefined && typeof data[propertyField] === 'string' ? data[propertyField] : null;
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
      data,
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
    await routeNewSubmission(tx, row.id, { area: key, propertyCode: property, data }, user.id);
    await linkAttachments(tx, attachmentIds, row.id, user);
    if (rated) await recordFeedback(tx, rated, { id: row.id, number }, user.id);
    return row.id;
  });
}

/**
 * Creates a submission of `input.area`. Errors: 403 `forbidden` without `forms:submit` or
 * `forms:<Area>:submit`; 422 `validation_failed` (per field: portal-set ticket fields such as
 * `status` or `requester` (lib/ticket-fields), schema, rules and property errors; also bad/missing
 * parentId); 404 `not_found` for a parent the user cannot see; 409 for an Idempotency-Key reused
 * across areas. Attachment references must name the submitter's own unattached uploads (422
 * otherwise) and are linked in the same transaction. An area with `ratesTicket` (ticket feedback)
 * also gets the rules of lib/ticket-feedback (422 on the ticket field; the link row and the
 * ticket's history entry in the same transaction). Nothing is stored on any error.
 */
export async function createSubmission(db: Database, input: CreateInput): Promise<CreateResult> {
  const { area, user, data, idempotencyKey } = input;
  if (!canSubmitArea(user, area.definition.key)) {
    throw forbidden(`You may not submit the ${area.definition.title} form.`);
  }
  if (idempotencyKey !== undefined) {
    const earlier = await findByIdempotencyKey(db, user, idempotencyKey, area.definition.key);
    if (earlier) return { submission: earlier, replayed: true };
  }
  await checkParent(db, input);
  const errors = withPortalSetFieldErrors(area.definition.schema, data, area.validate(data));
  errors.push(...sanitiseRichTextFields(area.definition.uiSchema, data, errors));
  errors.push(...ruleErrors(area, data, errors));
  errors.push(...(await propertyErrors(db, area, data, errors)));
  const attached = await checkAttachmentRefs(db, area.definition.uiSchema, user, data);
  errors.push(...attached.errors);
  const link = area.definition.ratesTicket;
  const feedback = link
    ? await checkFeedbackTarget(
        db,
        link,
        user,
        data,
        errors.some((e) => e.path === `/${link.ticketField}`),
      )
    : null;
  errors.push(...(feedback?.errors ?? []));
  if (errors.length) throw validationFailed(errors);
  let id: string;
  try {
    id = await insertSubmission(db, input, attached.ids, feedback?.target ?? null);
  } catch (error) {
    // Two concurrent retries with one key: the loser's transaction rolled back; answer with the winner's row.
    if (idempotencyKey !== undefined && isUniqueViolation(error, 'submissions_requester_idempotency_key')) {
      const earlier = await findByIdempotencyKey(db, user, idempotencyKey, area.definition.key);
      if (earlier) return { submission: earlier, replayed: true };
    }
    // A concurrent feedback for the same ticket won: this whole transaction rolled back.
    if (link && feedback?.target && isUniqueViolation(error, ONE_FEEDBACK_PER_TICKET)) {
      throw alreadyRated(link, feedback.target.ticketNumber);
    }
    throw error;
  }
  const created = await findVisibleSubmission(db, user, area.definition.key, id);
  if (!created) throw new Error(`submission ${id} vanished after insert`);
  return { submission: created, replayed: false };
}
