-- Each seed run (docs/decisions/045-the-embedded-database-keeps-data-kills-interrupted.md): written
-- before its first business, its committed batches recorded in each batch's own transaction,
-- finished after its last. A row without finished_at is a seed that stopped half-way; npm run seed
-- refuses until it is resumed.
CREATE TABLE "seed_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"seed" bigint NOT NULL,
	"count" integer NOT NULL,
	"batch_size" integer NOT NULL,
	"dates_until" timestamp with time zone NOT NULL,
	"done_batches" integer[] DEFAULT '{}' NOT NULL,
	"written" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
