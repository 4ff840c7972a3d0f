CREATE TABLE "ticket_feedback" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"feedback_submission_id" uuid NOT NULL,
	"rating" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_feedback_submission_key" UNIQUE("feedback_submission_id")
);
--> statement-breakpoint
ALTER TABLE "ticket_feedback" ADD CONSTRAINT "ticket_feedback_ticket_id_submissions_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_feedback" ADD CONSTRAINT "ticket_feedback_feedback_submission_id_submissions_id_fk" FOREIGN KEY ("feedback_submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;