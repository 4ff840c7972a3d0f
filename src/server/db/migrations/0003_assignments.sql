CREATE TABLE "assignment_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"area" text NOT NULL,
	"property_code" text,
	"field_pointer" text,
	"field_value" jsonb,
	"assignee_user_id" uuid,
	"assignee_group_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_rules_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "assignment_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_property_code_properties_code_fk" FOREIGN KEY ("property_code") REFERENCES "public"."properties"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_assignee_group_id_role_groups_id_fk" FOREIGN KEY ("assignee_group_id") REFERENCES "public"."role_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_rules_area_position_idx" ON "assignment_rules" USING btree ("area","position");--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_assignment_rule_id_assignment_rules_id_fk" FOREIGN KEY ("assignment_rule_id") REFERENCES "public"."assignment_rules"("id") ON DELETE set null ON UPDATE no action;