/**
 * The static content database: Markdown under `content/` (announcements and per-area help)
 * compiled at build time into `/content/db-{hash}.json`, HTML already sanitised.
 */

/** One announcement (`content/announcements/<slug>.md`), newest first in the database. */
export type Announcement = {
  slug: string;
  title: string;
  /** ISO 8601 date (YYYY-MM-DD) from the front matter. */
  date: string;
  /** Optional last day (YYYY-MM-DD) on which it is shown. */
  expires: string | null;
  html: string;
};

/** The whole database: announcements and help text per form area key (`content/help/<Area>.md`). */
export type ContentDb = {
  announcements: Announcement[];
  help: Record<string, string>;
};

/** Announcements still current on `today` (YYYY-MM-DD): not expired, not dated in the future. */
export function currentAnnouncements(db: ContentDb, today: string): Announcement[] {
  return db.announcements.filter((item) => item.date <= today && (item.expires === null || item.expires >= today));
}
