CREATE TABLE "attachment_chunks" (
	"storage_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachment_chunks_storage_key_seq_pk" PRIMARY KEY("storage_key","seq")
);--> statement-breakpoint
-- files are mostly compressed already (PNG, JPEG, PDF, docx): keep chunks out of line, uncompressed
ALTER TABLE "attachment_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
