/**
 * Comments on a ticket (docs/behaviour.md "Comments"):
 * - internal comments are for the ticket's handlers only (domains/submissions/visibility.ts
 *   `ticketRoles`: `tickets:work` and the ticket's area or assignment, never the scope alone):
 *   hidden from everyone else, and only they may post them (403);
 * - a requester's comment on a Waiting-on-requester ticket moves it back to In progress;
 * - the body is rich text, checked like a rich-text form field (comment-body.ts); files uploaded
 *   first are attached by id (comment-attachments.ts) in the same transaction;
 * - `Idempotency-Key` (per author): a retry returns the first comment and stores nothing new;
 * - every new comment writes exactly one `changes` row in the same transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FieldError } from '../../../shared/api-error';
import type { JsonValue } from '../../../shared/json';
import { REQUESTER_REPLY_TRANSITION, type TicketComment } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { changes, submissions, ticketComments, users } from '../../db/schema';
import { forbidden, HttpError, isUniqueViolation, notFound, validationFailed } from '../../lib/errors';
import { myGroupIdList, ticketRoles } from '../submissions';
import type { AuthUser } from '../role-groups';
import { checkCommentAttachments, commentAttachmentsColumn, linkCommentAttachments } from './comment-attachments';
import { readCommentBody } from './comment-body';
import type { TicketEventBus } from './events';
import { findVisibleTicket } from './repository';

const commentColumns = {
  id: ticketComments.id,
  ticketId: ticketComments.submissionId,
  body: ticketComments.body,
  isInternal: ticketComments.isInternal,
  createdAt: ticketComments.createdAt,
  authorId: users.id,
  authorName: users.name,
  authorEmail: users.email,
  attachments: commentAttachmentsColumn,
};

function selectComments(db: Database) {
  return db.select(commentColumns).from(ticketComments).innerJoin(users, eq(users.id, ticketComments.authorId));
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

function toComment(row: CommentRow): TicketComment {
  return {
    id: row.id,
    ticketId: row.ticketId,
    author: { id: row.authorId, name: row.authorName, email: row.authorEmail },
    body: row.body,
    isInternal: row.isInternal,
    createdAt: row.createdAt.toISOString(),
    attachments: row.attachments,
  };
}

/**
 * The comments of ticket `id` this user may read, oldest first, each with its files (one query).
 * 404 when the ticket is not visible.
 */
export async function listComments(db: Database, user: AuthUser, id: string): Promise<TicketComment[]> {
  const ticket = await findVisibleTicket(db, user, id);
  if (!ticket) throw notFound(`There is no ticket ${id} that you can see.`);
  const isHandler = ticketRoles(user, ticket, await myGroupIdList(db, user)).includes('handler');
  const rows = await selectComments(db)
    .where(
      and(eq(ticketComments.submissionId, ticket.id), isHandler ? undefined : eq(ticketComments.isInternal, false)),
    )
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
  return rows.map(toComment);
}

async function findByKey(db: Database, user: AuthUser, ticketId: string, key: string): Promise<TicketComment | null> {
  const [row] = await selectComments(db)
    .where(and(eq(ticketComments.authorId, user.id), eq(ticketComments.idempotencyKey, key)))
    .limit(1);
  if (!row) return null;
  if (row.ticketId !== ticketId) {
    throw new HttpError(409, 'conflict', 'This Idempotency-Key was already used for a comment on another ticket.');
  }
  return toComment(row);
}

/** A comment to post: its body (rich text or plain string), internal or not, files by id, the Idempotency-Key. */
export type PostCommentInput = {
  body: JsonValue;
  isInternal: boolean;
  attachmentIds: readonly string[];
  idempotencyKey: string | undefined;
};

/**
 * Adds a comment to ticket `id`. Returns it and whether it was a replay of an earlier key (the
 * replay checks nothing else, so a retry whose files are now linked still answers the first one).
 * Errors: 404 ticket not visible; 403 internal comment by a non-handler; 422 with field
 * errors (`/body`: outside the rich-text allow-list or caps, or empty with no file;
 * `/attachmentIds[/i]`: see checkCommentAttachments); 409 Idempotency-Key reused on another
 * ticket, or a file attached elsewhere concurrently.
 */
export async function postComment(
  db: Database,
  events: TicketEventBus,
  user: AuthUser,
  id: string,
  input: PostCommentInput,
): Promise<{ comment: TicketComment; replayed: boolean }> {
  const ticket = await findVisibleTicket(db, user, id);
  if (!ticket) throw notFound(`There is no ticket ${id} that you can see.`);
  const roles = ticketRoles(user, ticket, await myGroupIdList(db, user));
  if (input.isInternal && !roles.includes('handler')) throw forbidden('Only handlers may post internal comments.');
  if (input.idempotencyKey !== undefined) {
    const earlier = await findByKey(db, user, ticket.id, input.idempotencyKey);
    if (earlier) return { comment: earlier, replayed: true };
  }
  const body = readCommentBody(input.body);
  const errors: FieldError[] = [];
  if ('message' in body) errors.push({ path: '/body', message: body.message });
  else if (body.isEmpty && !input.attachmentIds.length) errors.push({ path: '/body', message: 'must not be empty' });
  errors.push(...(await checkCommentAttachments(db, user, input.attachmentIds)));
  if (errors.length || 'message' in body) throw validationFailed(errors, 'The comment has errors.');
  const reopens = !input.isInternal && roles.includes('requester') && ticket.status === REQUESTER_REPLY_TRANSITION.from;
  let commentId: string;
  try {
    commentId = await writeTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(ticketComments)
        .values({
          submissionId: ticket.id,
          authorId: user.id,
          body: body.value,
          isInternal: input.isInternal,
          idempotencyKey: input.idempotencyKey ?? null,
        })
        .returning({ id: ticketComments.id });
      if (!row) throw new Error('comment insert returned no row');
      await linkCommentAttachments(tx, user, input.attachmentIds, ticket.id, row.id);
      const diff: Record<string, { from: JsonValue; to: JsonValue }> = {
        comment: {
          from: null,
          to: { id: row.id, isInternal: input.isInternal, attachments: input.attachmentIds.length },
        },
      };
      if (reopens) {
        diff.status = { from: REQUESTER_REPLY_TRANSITION.from, to: REQUESTER_REPLY_TRANSITION.to };
        await tx
          .update(submissions)
          .set({
            status: REQUESTER_REPLY_TRANSITION.to,
            version: sql`${submissions.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(submissions.id, ticket.id));
      } else {
        await tx
          .update(submissions)
          .set({ updatedAt: sql`now()` })
          .where(eq(submissions.id, ticket.id));
      }
      await tx.insert(changes).values({
        entity: 'submission',
        entityId: ticket.id,
        actorId: user.id,
        action: input.isInternal ? 'commented_internal' : 'commented',
        diff,
      });
      await events.emit('commentPosted', {
        tx,
        ticket,
        comment: { id: row.id, isInternal: input.isInternal, body: body.value },
        statusChange: reopens ? { from: REQUESTER_REPLY_TRANSITION.from, to: REQUESTER_REPLY_TRANSITION.to } : null,
        actor: user,
        actorRoles: roles,
      });
      return row.id;
    });
  } catch (error) {
    const key = input.idempotencyKey;
    if (key === undefined || !isUniqueViolation(error, 'ticket_comments_author_idempotency_key')) throw error;
    const earlier = await findByKey(db, user, ticket.id, key);
    if (!earlier) throw error;
    return { comment: earlier, replayed: true };
  }
  const [created] = await selectComments(db).where(eq(ticketComments.id, commentId));
  if (!created) throw new Error(`comment ${commentId} vanished after insert`);
  return { comment: toComment(created), replayed: false };
}
