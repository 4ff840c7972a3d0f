/**
 * Gathers what the PDF of a submission shows, under the rules of reading the submission itself
 * (docs/behaviour.md "PDF of a submission"): the same visibility rule and the same 404 as
 * `GET /api/areas/{key}/submissions/{id}`, the schema version it was stored with, its files, and
 * its status history for the ticket's handlers only.
 */
import type { JsonValue } from '../../../shared/json';
import { isJsonObject } from '../../../shared/json';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../lib/errors';
import { readFormSchemaVersion, type AreaRegistry } from '../areas';
import { listSubmissionFiles } from '../attachments';
import type { AuthUser } from '../role-groups';
import { findVisibleSubmission } from '../submissions';
import { listChanges, readTicket } from '../tickets';
import { submissionPdfDefinition, type StatusChange } from './document';
import { renderPdf } from './render';

/** History entries read per page while collecting the status changes. */
const HISTORY_PAGE = 200;

function statusChangeOf(entry: { at: string; actor: { name: string } | null; diff: JsonValue }): StatusChange | null {
  const status = isJsonObject(entry.diff) ? entry.diff.status : undefined;
  if (!isJsonObject(status) || typeof status.to !== 'string') return null;
  return {
    at: entry.at,
    by: entry.actor?.name ?? null,
    from: typeof status.from === 'string' ? status.from : null,
    to: status.to,
  };
}

/** The ticket's status changes, oldest first. */
async function statusHistory(db: Database, areas: AreaRegistry, user: AuthUser, id: string): Promise<StatusChange[]> {
  const found: StatusChange[] = [];
  let cursor: string | undefined;
  do {
    const page = await listChanges(db, areas, user, { ticket: id }, HISTORY_PAGE, cursor);
    for (const entry of page.items) {
      const change = statusChangeOf(entry);
      if (change) found.push(change);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return found.reverse();
}

/** The file name of a submission's PDF: its number, `AP-000012.pdf`. */
function submissionPdfFileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
}

/**
 * The PDF of submission `id` of area `key` as `user` may see it: `{ fileName, body }` (PDF bytes).
 * Errors: 404 `not_found` for an unknown area, an unknown id, a submission of another area or one
 * the user may not see (one answer for all, as the submission's own read).
 */
export async function renderSubmissionPdf(
  db: Database,
  areas: AreaRegistry,
  user: AuthUser,
  key: string,
  id: string,
): Promise<{ fileName: string; body: Buffer }> {
  const area = areas.get(key);
  if (!area) throw notFound(`There is no form area "${key}".`);
  const submission = await findVisibleSubmission(db, user, area.definition.key, id);
  if (!submission) throw notFound(`There is no ${area.definition.key} submission ${id} that you can see.`);
  const ticket = await readTicket(db, user, submission.id, undefined);
  let schemas = {
    schema: area.definition.schema,
    uiSchema: area.definition.uiSchema,
    versionNote: undefined as string | undefined,
  };
  if (submission.schemaVersion !== area.definition.version) {
    try {
      const version = await readFormSchemaVersion(db, areas, area.definition.key, submission.schemaVersion);
      schemas = {
        schema: version.schema,
        uiSchema: version.uiSchema,
        versionNote: `Shown with version ${version.version} of this form, the one it was submitted with.`,
      };
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
      schemas.versionNote = `Version ${submission.schemaVersion} of this form is not available; shown with the current form.`;
    }
  }
  const isHandler = ticket.allowed?.roles.includes('handler') ?? false;
  const definition = submissionPdfDefinition({
    areaTitle: area.definition.title,
    ticket,
    ...schemas,
    files: await listSubmissionFiles(db, submission.id),
    history: isHandler ? await statusHistory(db, areas, user, submission.id) : null,
    generatedAt: new Date(),
  });
  return { fileName: submissionPdfFileName(submission.number), body: await renderPdf(definition) };
}
