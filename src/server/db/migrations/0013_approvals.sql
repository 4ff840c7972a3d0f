CREATE TABLE "approval_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"step_key" text NOT NULL,
	"name" text NOT NULL,
	"approver_group" text,
	"approver_email" text,
	"status" text NOT NULL,
	"waiting_since" timestamp (3) with time zone,
	"decided_by" uuid,
	"decided_at" timestamp (3) with time zone,
	"comment" text,
	CONSTRAINT "approval_steps_ticket_position_key" UNIQUE("ticket_id","position")
);
--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_ticket_id_submissions_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_steps_waiting_group_idx" ON "approval_steps" USING btree ("approver_group","waiting_since","id") WHERE "approval_steps"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "approval_steps_waiting_email_idx" ON "approval_steps" USING btree ("approver_email","waiting_since","id") WHERE "approval_steps"."status" = 'waiting';