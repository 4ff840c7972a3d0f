CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp (3) with time zone NOT NULL,
	"blocked_until" timestamp (3) with time zone
);
