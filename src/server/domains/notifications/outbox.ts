/**
 * The durable mail outbox (docs/behaviour.md "Notifications"): rows are written with the
 * notifications, in the event's transaction (notify.ts), and delivered after the commit by
 * {@link deliverDueMail}, which any number of nodes may run at once:
 *
 * - A run claims due rows with one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`
 *   (PostgreSQL documentation, "SELECT", The Locking Clause): a row another node holds is skipped,
 *   and claiming counts the attempt and leases the row for {@link LEASE_MS}, so no other run takes
 *   it while it is being sent. No transaction stays open while a mail is sent (on PGlite that
 *   would hold up every request).
 * - Sent: `sent_at` is set and the row is never claimed again — also not after a restart, as the
 *   rows live in the database. Failed: `last_error`, and the next attempt after a backoff that
 *   doubles from {@link FIRST_RETRY_MS} to {@link MAX_RETRY_MS}; after {@link MAX_ATTEMPTS} the row
 *   stays unsent (the administrators' mail catcher shows it with its error).
 * - A node that stops between sending and recording it leaves the row leased; it is sent again
 *   after the lease (the one case of a second delivery). Each mail's Message-ID is derived from the
 *   row, so receiving servers can tell the copies apart.
 * - Every time is the caller's `now`, so tests move the clock instead of waiting.
 */
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { MailMessage, MailPage, MailSummary } from '../../../shared/notifications';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { badRequest, notFound } from '../../lib/errors';

/** How long a claimed row is left to its sender before another run may take it again, in ms. */
export const LEASE_MS = 5 * 60_000;
/** The pause after the first failed attempt, in ms; it doubles with each further failure. */
export const FIRST_RETRY_MS = 60_000;
/** The longest pause between two attempts, in ms. */
export const MAX_RETRY_MS = 60 * 60_000;
/** Attempts after which a mail is given up. */
export const MAX_ATTEMPTS = 10;
/** Rows one claim takes. */
const BATCH = 20;
/** Claims one run makes at most (so a run is bounded; the next run goes on). */
const MAX_BATCHES = 10;

/** One e-mail to send. */
export type OutgoingMail = { messageId: string; to: string; subject: string; text: string; html: string };
/** Sends one e-mail; rejects when the server refused it or could not be reached. */
export type MailSender = (mail: OutgoingMail) => Promise<void>;

/** The pause before attempt `attempts + 1`, after `attempts` failures, in ms. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

type Claimed = { id: number; to: string; subject: string; text: string; html: string; attempts: number };

async function claim(db: Database, now: Date): Promise<Claimed[]> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const result = await db.execute(sql`
    update ${mailOutbox} set attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
    where id in (
      select id from ${mailOutbox}
      where sent_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz and attempts < ${MAX_ATTEMPTS}
      order by next_attempt_at, id
      limit ${BATCH}
      for update skip locked
    )
    returning id, to_address as "to", subject, text_body as "text", html_body as "html", attempts`);
  return (result as { rows: Claimed[] }).rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Sends every due mail through `send` as of `now` (see the module comment); `host` names the
 * portal in Message-IDs. Returns how many were sent and how many failed.
 */
export async function deliverDueMail(
  db: Database,
  send: MailSender,
  options: { now: Date; host: string },
): Promise<{ sent: number; failed: number }> {
  const { now, host } = options;
  let sent = 0;
  let failed = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const rows = await claim(db, now);
    for (const row of rows) {
      try {
        await send({
          messageId: `<outbox-${row.id}@${host}>`,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
        });
        await db.update(mailOutbox).set({ sentAt: now, lastError: null }).where(eq(mailOutbox.id, row.id));
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(mailOutbox)
          .set({
            lastError: message.slice(0, 1000),
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
          })
          .where(eq(mailOutbox.id, row.id));
        failed += 1;
      }
    }
    if (rows.length < BATCH) break;
  }
  return { sent, failed };
}

/** Mails per page of the mail catcher. */
const MAIL_PAGE_SIZE = 50;
const SORT = 'mail';

function toSummary(row: typeof mailOutbox.$inferSelect): MailSummary {
  return {
    id: String(row.id),
    to: row.toAddress,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    attempts: row.attempts,
    lastError: row.lastError,
  };
}

/** The outbox newest first, for the administrators' mail catcher; `cursor` from the previous page. */
export async function listMail(db: Database, cursorText?: string): Promise<MailPage> {
  let after;
  if (cursorText !== undefined) {
    const cursor = decodeCursor(cursorText);
    const at = typeof cursor?.key === 'string' ? new Date(cursor.key) : null;
    if (!cursor || cursor.sort !== SORT || !at || Number.isNaN(at.getTime()) || !/^\d{1,15}$/.test(cursor.id)) {
      throw badRequest('The cursor is not one this list made.');
    }
    const id = Number(cursor.id);
    after = or(lt(mailOutbox.createdAt, at), and(eq(mailOutbox.createdAt, at), lt(mailOutbox.id, id)));
  }
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(after)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(MAIL_PAGE_SIZE + 1);
  const page = rows.slice(0, MAIL_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor:
      rows.length > MAIL_PAGE_SIZE && last
        ? encodeCursor({ sort: SORT, key: last.createdAt.toISOString(), id: String(last.id) })
        : null,
  };
}

/** One mail of the outbox with its bodies; 404 for an unknown id. */
export async function readMail(db: Database, id: string, from: string | null): Promise<MailMessage> {
  const [row] = /^\d{1,15}$/.test(id)
    ? await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, Number(id)))
    : [];
  if (!row) throw notFound(`There is no mail ${id}.`);
  return { ...toSummary(row), from, text: row.textBody, html: row.htmlBody };
}
