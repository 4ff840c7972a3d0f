CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "resolved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_name_key" ON "saved_views" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_user_created_idx" ON "saved_views" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_group_unassigned_updated_idx" ON "submissions" USING btree ("assignee_group_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "submissions"."assignee_user_id" is null;--> statement-breakpoint
CREATE INDEX "submissions_resolved_idx" ON "submissions" USING btree ("resolved_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "submissions"."resolved_at" is not null;--> statement-breakpoint
-- submissions.resolved_at is the database's to keep (tables/submissions.ts): the last move to
-- Resolved; kept when the ticket is Closed from Resolved, cleared when it is open again or closed
-- without being resolved. Existing rows: from their history (the last entry into Resolved).
UPDATE "submissions" AS s SET "resolved_at" = coalesce(
  (SELECT max(c."at") FROM "changes" AS c
   WHERE c."entity" = 'submission' AND c."entity_id" = s."id"::text AND c."diff" -> 'status' ->> 'to' = 'Resolved'),
  s."updated_at")
WHERE s."status" = 'Resolved'
  OR (s."status" = 'Closed' AND (
    SELECT c."diff" -> 'status' ->> 'from' FROM "changes" AS c
    WHERE c."entity" = 'submission' AND c."entity_id" = s."id"::text AND c."diff" ? 'status'
    ORDER BY c."id" DESC LIMIT 1) = 'Resolved');--> statement-breakpoint
CREATE FUNCTION "submissions_set_resolved_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'Resolved' THEN
    IF TG_OP = 'INSERT' THEN
      NEW."resolved_at" := coalesce(NEW."resolved_at", now());
    ELSIF OLD."status" IS DISTINCT FROM 'Resolved' THEN
      NEW."resolved_at" := now();
    END IF;
  ELSIF NEW."status" <> 'Closed' THEN
    NEW."resolved_at" := NULL;
  ELSIF TG_OP = 'UPDATE' AND OLD."status" NOT IN ('Resolved', 'Closed') THEN
    NEW."resolved_at" := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "submissions_resolved_at" BEFORE INSERT OR UPDATE OF "status" ON "submissions"
  FOR EACH ROW EXECUTE FUNCTION "submissions_set_resolved_at"();
