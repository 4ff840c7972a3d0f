/**
 * Saved views of /Tickets (docs/behaviour.md "Saved views"): the built-in views (src/shared/
 * saved-views.ts, the week's start filled in from the portal's time zone) and each user's own
 * rows of `saved_views`, which only that user reads or changes.
 */
import { TZDate } from '@date-fns/tz';
import { startOfWeek } from 'date-fns';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  BUILT_IN_VIEWS,
  checkViewName,
  checkViewQuery,
  MAX_SAVED_VIEWS,
  type NewSavedView,
  type SavedView,
} from '../../../shared/saved-views';
import type { Database } from '../../db/client';
import { savedViews, users } from '../../db/schema';
import { HttpError, isUniqueViolation, notFound, validationFailed } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/uuid';
import { reportTrackerConfig } from '../report-tracker';
import type { AuthUser } from '../role-groups';

/**
 * Monday 00:00 of the week of `now` in the IANA zone `timeZone`, as an ISO 8601 date-time with
 * that zone's offset (`2026-11-23T00:00:00.000-05:00`).
 */
export function weekStartIn(now: Date, timeZone: string): string {
  return startOfWeek(new TZDate(now, timeZone), { weekStartsOn: 1 }).toISOString();
}

/** The built-in views as of `now`, the week judged in the report tracker's time zone. */
function builtInViews(now: Date): SavedView[] {
  const weekStart = weekStartIn(now, reportTrackerConfig().timeZone);
  return BUILT_IN_VIEWS.map((view) => ({ id: view.id, name: view.name, query: view.query(weekStart), builtIn: true }));
}

type Row = typeof savedViews.$inferSelect;

const toView = (row: Row): SavedView => ({ id: row.id, name: row.name, query: row.query, builtIn: false });

const duplicateName = (name: string) =>
  new HttpError(409, 'duplicate_name', `You already have a view named "${name}" (names ignore case).`);

/** Every view `user` sees: the built-in ones, then their own in the order they were saved. */
export async function listViews(db: Database, user: AuthUser, now = new Date()): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(eq(savedViews.userId, user.id))
    .orderBy(asc(savedViews.createdAt), asc(savedViews.id));
  return [...builtInViews(now), ...rows.map(toView)];
}

function checkedName(name: string): string {
  const checked = checkViewName(name);
  if (!checked.ok) throw validationFailed(checked.errors, 'The view has errors.');
  return checked.name;
}

/**
 * Saves a view of `user`. Errors: 422 (`errors` at `/name`, `/query`) for a name that is empty or
 * longer than 60 characters once trimmed, or a query with an unknown key or a bad value; 409
 * `duplicate_name` when the user has a view of that name in any case; 409 `too_many_views` at
 * {@link MAX_SAVED_VIEWS}.
 */
export async function createView(db: Database, user: AuthUser, input: NewSavedView): Promise<SavedView> {
  const name = checkViewName(input.name);
  const query = checkViewQuery(input.query);
  const errors = [...(name.ok ? [] : name.errors), ...(query.ok ? [] : query.errors)];
  if (!name.ok || !query.ok) throw validationFailed(errors, 'The view has errors.');
  try {
    return await db.transaction(async (tx) => {
      // One writer per user at a time, so two saves cannot both pass the limit.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [held] = await tx.select({ n: count() }).from(savedViews).where(eq(savedViews.userId, user.id));
      if ((held?.n ?? 0) >= MAX_SAVED_VIEWS) {
        throw new HttpError(409, 'too_many_views', `You have ${MAX_SAVED_VIEWS} saved views: delete one first.`);
      }
      await refuseTakenName(tx, user, name.name);
      const [row] = await tx
        .insert(savedViews)
        .values({ userId: user.id, name: name.name, query: query.query })
        .returning();
      return toView(row as Row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'saved_views_user_name_key')) throw duplicateName(name.name);
    throw error;
  }
}

async function refuseTakenName(db: Database, user: AuthUser, name: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(eq(savedViews.userId, user.id), sql`lower(${savedViews.name}) = lower(${name})`))
    .limit(1);
  if (taken && taken.id !== exceptId) throw duplicateName(name);
}

function viewNotFound(id: string) {
  return notFound(`You have no saved view ${id}.`);
}

/**
 * Renames a view of `user`. Errors: 404 for another user's view, a built-in one or an unknown id;
 * 422 and 409 `duplicate_name` as {@link createView}.
 */
export async function renameView(db: Database, user: AuthUser, id: string, newName: string): Promise<SavedView> {
  const name = checkedName(newName);
  if (!UUID_PATTERN.test(id)) throw viewNotFound(id);
  try {
    await refuseTakenName(db, user, name, id);
    const [row] = await db
      .update(savedViews)
      .set({ name })
      .where(and(eq(savedViews.id, id), eq(savedViews.userId, user.id)))
      .returning();
    if (!row) throw viewNotFound(id);
    return toView(row);
  } catch (error) {
    if (isUniqueViolation(error, 'saved_views_user_name_key')) throw duplicateName(name);
    throw error;
  }
}

/** Deletes a view of `user`. Errors: 404 for another user's view, a built-in one or an unknown id. */
export async function deleteView(db: Database, user: AuthUser, id: string): Promise<void> {
  if (!UUID_PATTERN.test(id)) throw viewNotFound(id);
  const deleted = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, user.id)))
    .returning({ id: savedViews.id });
  if (!deleted.length) throw viewNotFound(id);
}
