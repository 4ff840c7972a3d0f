CREATE TABLE "user_token_groups" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"idp_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapped_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_token_groups" ADD CONSTRAINT "user_token_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;