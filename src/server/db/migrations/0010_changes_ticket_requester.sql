ALTER TABLE "changes" ADD COLUMN "ticket_requester_id" uuid;--> statement-breakpoint
CREATE INDEX "changes_ticket_requester_idx" ON "changes" USING btree ("ticket_requester_id","id");--> statement-breakpoint
-- changes.ticket_requester_id is the database's to keep (schema.ts): set on every insert of a
-- ticket's entry from the ticket itself (inserted earlier in the same transaction), so no write
-- path of the app can leave it out. CASE keeps the uuid cast away from other entities' ids.
CREATE FUNCTION "changes_set_ticket_requester"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."entity" = 'submission' THEN
    NEW."ticket_requester_id" := (
      SELECT "requester_id" FROM "submissions"
      WHERE "id" = (CASE WHEN NEW."entity" = 'submission' THEN NEW."entity_id"::uuid END)
    );
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "changes_ticket_requester" BEFORE INSERT ON "changes"
  FOR EACH ROW EXECUTE FUNCTION "changes_set_ticket_requester"();--> statement-breakpoint
UPDATE "changes" AS c SET "ticket_requester_id" = s."requester_id"
FROM "submissions" AS s
WHERE c."entity" = 'submission' AND s."id" = (CASE WHEN c."entity" = 'submission' THEN c."entity_id"::uuid END);
