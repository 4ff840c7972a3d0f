CREATE TABLE "form_schema_versions" (
	"area" text NOT NULL,
	"version" integer NOT NULL,
	"content_hash" text NOT NULL,
	"schema" jsonb NOT NULL,
	"ui_schema" jsonb NOT NULL,
	"rules" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_schema_versions_area_version_pk" PRIMARY KEY("area","version"),
	CONSTRAINT "form_schema_versions_area_hash_key" UNIQUE("area","content_hash")
);
