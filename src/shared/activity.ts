/**
 * `GET /api/me/activity`: what the home page shows a signed-in user about their own requests
 * (docs/behaviour.md "List paging").
 */
import type { Submission } from './submission';

/** How many submissions each list of {@link MyActivity} holds at most. */
export const ACTIVITY_LIST_SIZE = 10;
/** How many form areas `mostUsed` names at most. */
export const MOST_USED_AREAS = 5;

/** The user's own submissions: still open (not Resolved or Closed), the most recent, and the areas they use most. */
export type MyActivity = {
  open: Submission[];
  recent: Submission[];
  /** Areas by number of the user's submissions, most first (ties: area key). */
  mostUsed: { area: string; count: number }[];
};
