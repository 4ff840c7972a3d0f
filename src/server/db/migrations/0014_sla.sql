ALTER TABLE "submissions" ADD COLUMN "sla_started_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "sla_resolution_started_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "sla_paused_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "sla_paused_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "sla_first_response_due_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "sla_resolution_due_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "sla_first_responded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "sla_resolved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "sla_next_due_at" timestamp (3) with time zone DEFAULT '9999-12-31 00:00:00+00' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "sla_check_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "sla_notified" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "submissions_sla_next_due_idx" ON "submissions" USING btree ("sla_next_due_at","id");--> statement-breakpoint
CREATE INDEX "submissions_sla_check_idx" ON "submissions" USING btree ("sla_check_at") WHERE "submissions"."sla_check_at" is not null;