-- Stored files in PostgreSQL
-- (docs/decisions/044-files-in-postgresql-when-several-instances-share.md): a row per file and its
-- bytes in chunks of 256 KiB, written and read one chunk at a time, so that every instance reads
-- every file.
CREATE TABLE "stored_file_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_state_check" CHECK ("stored_files"."state" in ('writing', 'staged', 'committed'))
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_pending_idx" ON "stored_files" USING btree ("updated_at") WHERE "stored_files"."state" <> 'committed';
--> statement-breakpoint
-- Uploads are PDF, images and Office files, mostly compressed already: TOAST keeps the chunks
-- out of line without trying to compress them again.
ALTER TABLE "stored_file_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
