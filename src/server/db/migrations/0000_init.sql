CREATE TABLE "area_counters" (
	"area" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"actor_id" uuid,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"diff" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "idp_accounts_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp (3) with time zone,
	CONSTRAINT "oidc_payloads_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_group_members" (
	"role_group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "role_group_members_role_group_id_user_id_pk" PRIMARY KEY("role_group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "role_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idp_group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"includes_everyone" boolean DEFAULT false NOT NULL,
	CONSTRAINT "role_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"area" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"parent_id" uuid,
	"data" jsonb NOT NULL,
	"schema_version" integer NOT NULL,
	"property_code" text,
	"summary" text,
	"requester_id" uuid NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"priority" text DEFAULT 'Normal' NOT NULL,
	"assignee_user_id" uuid,
	"assignee_group_id" uuid,
	"due_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text,
	"search" "tsvector" GENERATED ALWAYS AS (jsonb_to_tsvector('simple'::regconfig, "data", '["string","numeric"]'::jsonb)) STORED NOT NULL,
	CONSTRAINT "submissions_number_unique" UNIQUE("number"),
	CONSTRAINT "submissions_area_sequence_key" UNIQUE("area","sequence"),
	CONSTRAINT "submissions_requester_idempotency_key" UNIQUE("requester_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_issuer_subject_key" UNIQUE("issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_group_members" ADD CONSTRAINT "role_group_members_role_group_id_role_groups_id_fk" FOREIGN KEY ("role_group_id") REFERENCES "public"."role_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_group_members" ADD CONSTRAINT "role_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_property_code_properties_code_fk" FOREIGN KEY ("property_code") REFERENCES "public"."properties"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_assignee_group_id_role_groups_id_fk" FOREIGN KEY ("assignee_group_id") REFERENCES "public"."role_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_parent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "changes_entity_idx" ON "changes" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code_idx" ON "oidc_payloads" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "role_group_members_user_idx" ON "role_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "submissions_area_created_idx" ON "submissions" USING btree ("area","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "submissions_area_requester_created_idx" ON "submissions" USING btree ("area","requester_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "submissions_area_requester_sequence_idx" ON "submissions" USING btree ("area","requester_id","sequence");--> statement-breakpoint
CREATE INDEX "submissions_parent_idx" ON "submissions" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "submissions_search_idx" ON "submissions" USING gin ("search");