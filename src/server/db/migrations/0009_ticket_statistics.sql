-- Extended statistics (PostgreSQL "CREATE STATISTICS", mcv + dependencies) on the status and the
-- assignee columns of tickets. They are correlated: a New ticket has no assignee (the first matching
-- assignment rule makes it Assigned), which the planner cannot know from per-column statistics. Without
-- them, `status = 'New' and assignee_group_id in (…my groups…)` is estimated at thousands of rows at a
-- million tickets and planned as a walk down the updated_at index that reads every ticket for no match
-- (~240 ms, bench:lists); with them the estimate is near zero and the (assignee, status, updated_at)
-- indexes answer it.
CREATE STATISTICS IF NOT EXISTS "submissions_status_assignee_group_stats" (mcv, dependencies) ON "status", "assignee_group_id" FROM "submissions";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "submissions_status_assignee_user_stats" (mcv, dependencies) ON "status", "assignee_user_id" FROM "submissions";--> statement-breakpoint
ANALYZE "submissions";
