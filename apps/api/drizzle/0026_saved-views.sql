-- Saved views of the business list (docs/product.md §11.4,
-- docs/decisions/103-saved-views-are-list-addresses.md): each manager's named list addresses, the
-- query as the web writes it without `page`. A name is unique per manager whatever its case (the
-- unique index on lower(name) also serves the per-manager listing); a manager's views go with the
-- account. A new, empty table: nothing else is read or rewritten.
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"manager_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_manager_name_key" ON "saved_views" USING btree ("manager_id",lower("name"));