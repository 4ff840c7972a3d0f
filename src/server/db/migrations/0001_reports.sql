CREATE TABLE "report_accounting_cells" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period" text NOT NULL,
	"property_code" text NOT NULL,
	"report" text NOT NULL,
	"status" text DEFAULT 'Not started' NOT NULL,
	"owner" text,
	"due_date" date NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "report_accounting_cells_period_property_report_key" UNIQUE("period","property_code","report")
);
--> statement-breakpoint
CREATE TABLE "report_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period" text NOT NULL,
	"property_code" text NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"delivered_on" date,
	"method" text,
	"recipient" text,
	"notes" text DEFAULT '' NOT NULL,
	"override_reason" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "report_deliveries_period_property_key" UNIQUE("period","property_code")
);
--> statement-breakpoint
CREATE TABLE "report_months" (
	"period" text PRIMARY KEY NOT NULL,
	"opened_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"opened_by" uuid,
	"accounting_due" date NOT NULL,
	"delivery_due" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_accounting_cells" ADD CONSTRAINT "report_accounting_cells_period_report_months_period_fk" FOREIGN KEY ("period") REFERENCES "public"."report_months"("period") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_accounting_cells" ADD CONSTRAINT "report_accounting_cells_property_code_properties_code_fk" FOREIGN KEY ("property_code") REFERENCES "public"."properties"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_period_report_months_period_fk" FOREIGN KEY ("period") REFERENCES "public"."report_months"("period") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_property_code_properties_code_fk" FOREIGN KEY ("property_code") REFERENCES "public"."properties"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_months" ADD CONSTRAINT "report_months_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_accounting_cells_period_status_idx" ON "report_accounting_cells" USING btree ("period","status");