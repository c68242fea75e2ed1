-- Live notifications (docs/decisions/027-notifications-the-list-mark-all-as-read.md): every
-- notification's creating transaction (xid) so that a stream's position is a snapshot; indexes for
-- the tabs and for what a stream has not sent; single-use stream tickets; and an announcement on
-- notifications_created after a statement inserted any, which every API instance hears (LISTEN) and
-- answers by sending each open stream what its snapshot cannot see.
CREATE TABLE "stream_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"manager_id" integer NOT NULL,
	"token_version" integer NOT NULL,
	"session_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "notifications_manager_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "stream_tickets" ADD CONSTRAINT "stream_tickets_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stream_tickets_token_key" ON "stream_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "stream_tickets_expires_idx" ON "stream_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "notifications_manager_read_idx" ON "notifications" USING btree ("manager_id","is_read","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_manager_xid_idx" ON "notifications" USING btree ("manager_id","xid");--> statement-breakpoint
CREATE INDEX "notifications_manager_idx" ON "notifications" USING btree ("manager_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE FUNCTION notify_notifications_created() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM pg_notify('notifications_created', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_created_notify
AFTER INSERT ON notifications
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_notifications_created();
