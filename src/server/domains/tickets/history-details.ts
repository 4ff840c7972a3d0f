/**
 * What a history entry needs besides its row to read as a sentence (docs/behaviour.md "History";
 * src/shared/history-sentence.ts): the titles of the form fields a `data` change names, from the
 * schema version the submission was stored with, and the text of the comment the entry records.
 */
import { inArray } from 'drizzle-orm';
import { dataChanges } from '../../../shared/history-sentence';
import { humanise, richTextExcerpt } from '../../../shared/history-text';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json';
import { parsePointer } from '../../../shared/json-pointer';
import { derefSchema, objectFields } from '../../../shared/schema-walk';
import { HISTORY_COMMENT_CHARS, type HistoryComment } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { attachments, ticketComments } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/uuid';
import { readFormSchemaVersion, type AreaRegistry } from '../areas';

type Form = { schema: JsonObject; uiSchema: JsonObject };

function uiChild(ui: JsonObject, key: string): JsonObject {
  const child = ui[key];
  return isJsonObject(child) ? child : {};
}

function titleOf(schema: JsonObject, ui: JsonObject): string | undefined {
  const options = ui['ui:options'];
  const title = ui['ui:title'] ?? (isJsonObject(options) ? options.title : undefined) ?? schema.title;
  return typeof title === 'string' && title.trim() ? title.trim() : undefined;
}

/**
 * The title of the field at `pointer` (RFC 6901) in a form: each named level's `ui:title`, UI
 * `title` option or schema `title` (else its name as words), nested levels joined with ` › `;
 * list items add no level.
 */
export function fieldTitleAt(form: Form, pointer: string): string {
  const root = form.schema;
  let schema: JsonObject | null = root;
  let ui = form.uiSchema;
  const titles: string[] = [];
  for (const token of parsePointer(pointer)) {
    const node: JsonObject | null = schema && derefSchema(root, schema);
    if (/^\d+$/.test(token) && node && isJsonObject(node.items)) {
      schema = node.items;
      ui = uiChild(ui, 'items');
      continue;
    }
    const declared: JsonObject | undefined = node ? objectFields(root, node).fields.get(token) : undefined;
    schema = declared ? derefSchema(root, declared) : null;
    ui = uiChild(ui, token);
    titles.push((schema && titleOf(schema, ui)) ?? humanise(token));
  }
  return titles.join(' › ');
}

/** Reads the form of `area` version `version`, each one once per call; null when it is gone. */
function formReader(db: Database, areas: AreaRegistry): (area: string, version: number) => Promise<Form | null> {
  const forms = new Map<string, Promise<Form | null>>();
  return (area, version) => {
    const key = `${area}@${version}`;
    let form = forms.get(key);
    if (!form) {
      const live = areas.get(area)?.definition;
      form =
        live && live.version === version
          ? Promise.resolve({ schema: live.schema, uiSchema: live.uiSchema })
          : readFormSchemaVersion(db, areas, area, version).then(
              (found) => ({ schema: found.schema, uiSchema: found.uiSchema }),
              (error: unknown) => {
                if (error instanceof HttpError && error.statusCode === 404) return null;
                throw error;
              },
            );
      forms.set(key, form);
    }
    return form;
  };
}

/** An entry as {@link historyDetails} reads it. */
export type EntryOfTicket = {
  action: string;
  entityId: string;
  diff: JsonValue;
  ticket: { area: string; schemaVersion: number } | null;
};

/** What {@link historyDetails} adds to each entry. */
export type EntryDetails = { fieldTitles: Record<string, string>; comment: HistoryComment | null };

function commentIdOf(diff: JsonValue): string | null {
  const change = isJsonObject(diff) ? diff.comment : undefined;
  const to = isJsonObject(change) ? change.to : undefined;
  const id = isJsonObject(to) ? to.id : undefined;
  return typeof id === 'string' && UUID_PATTERN.test(id) ? id.toLowerCase() : null;
}

type StoredComment = { id: string; ticketId: string; body: JsonValue; isInternal: boolean };

async function readComments(
  db: Database,
  ids: string[],
): Promise<{ bodies: Map<string, StoredComment>; files: Map<string, string[]> }> {
  if (!ids.length) return { bodies: new Map(), files: new Map() };
  const rows = await db
    .select({
      id: ticketComments.id,
      ticketId: ticketComments.submissionId,
      body: ticketComments.body,
      isInternal: ticketComments.isInternal,
    })
    .from(ticketComments)
    .where(inArray(ticketComments.id, ids));
  const linked = await db
    .select({ commentId: attachments.commentId, name: attachments.fileName })
    .from(attachments)
    .where(inArray(attachments.commentId, ids))
    .orderBy(attachments.createdAt, attachments.id);
  const files = new Map<string, string[]>();
  for (const { commentId, name } of linked) {
    if (commentId) files.set(commentId, [...(files.get(commentId) ?? []), name]);
  }
  return { bodies: new Map(rows.map((row) => [row.id, row])), files };
}

/**
 * Field titles and comment text for a page of entries the reader may see (one query for the
 * comments, one for their files, one per schema version not current). An internal comment's text
 * goes only into a `commented_internal` entry, which only the ticket's handlers receive
 * (./history.ts); a comment of another ticket than the entry's is never shown.
 */
export async function historyDetails(
  db: Database,
  areas: AreaRegistry,
  entries: readonly EntryOfTicket[],
): Promise<EntryDetails[]> {
  const commentIds = entries.map((entry) => commentIdOf(entry.diff));
  const { bodies, files } = await readComments(db, [...new Set(commentIds.filter((id): id is string => id !== null))]);
  const formOf = formReader(db, areas);
  return Promise.all(
    entries.map(async (entry, index): Promise<EntryDetails> => {
      const fieldTitles: Record<string, string> = {};
      const fields = dataChanges(entry.diff);
      const form = fields.length && entry.ticket ? await formOf(entry.ticket.area, entry.ticket.schemaVersion) : null;
      if (form) for (const { pointer } of fields) fieldTitles[pointer] = fieldTitleAt(form, pointer);
      const id = commentIds[index];
      const comment = id ? bodies.get(id) : undefined;
      const readable =
        comment &&
        comment.ticketId === entry.entityId &&
        (!comment.isInternal || entry.action === 'commented_internal');
      if (!readable) return { fieldTitles, comment: null };
      const { excerpt, isTruncated } = richTextExcerpt(comment.body, HISTORY_COMMENT_CHARS);
      return { fieldTitles, comment: { excerpt, isTruncated, files: files.get(comment.id) ?? [] } };
    }),
  );
}
