-- Notifications fan out on read (docs/decisions/095-notifications-fan-out-on-read.md). A change that
-- notifies writes one notification_events row, whoever it notifies; until now it wrote one
-- notifications row per active manager, so at 500 managers a comment wrote 500 rows and every
-- live stream read its own. A manager's own rows (their read state, their deletions) are now written
-- out from the events when that manager next reads or changes them (notifications_catch_up below),
-- with the event's uuid, and a live stream reads the new events once for every manager.
-- Whom an event notifies is as before: every manager active while it was written but the one who
-- acted. A manager's inbox position is a snapshot, as a stream's is (0008): what it has not taken is
-- exactly the events of transactions that snapshot cannot see, so nothing is written out twice or
-- missed whatever order transactions commit in. A new or re-activated manager starts from now; a
-- deactivated one is caught up first, so the events of a time it was inactive never reach it.
CREATE TABLE "notification_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"business_id" integer,
	"message" text NOT NULL,
	"status" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "notification_events_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "notification_inboxes" (
	"manager_id" integer PRIMARY KEY NOT NULL,
	"position" "pg_snapshot" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_uuid_unique";--> statement-breakpoint
DROP INDEX "notifications_manager_xid_idx";--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_inboxes" ADD CONSTRAINT "notification_inboxes_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_events_xid_idx" ON "notification_events" USING btree ("xid");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_manager_uuid_key" ON "notifications" USING btree ("manager_id","uuid");--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "xid";
--> statement-breakpoint
DROP TRIGGER "notifications_created_notify" ON "notifications";--> statement-breakpoint
CREATE TRIGGER notification_events_created_notify
AFTER INSERT ON notification_events
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_notifications_created();
--> statement-breakpoint
-- Writes out a manager's notifications from the events its inbox position cannot see and the
-- current snapshot can, and moves the position there. The inbox row is locked first, in a
-- statement of its own, so that two catch-ups of one manager take turns and the second reads
-- with a snapshot taken after the first committed.
CREATE FUNCTION notifications_catch_up(p_manager integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  from_snapshot pg_snapshot;
  to_snapshot pg_snapshot;
  written integer;
BEGIN
  SELECT position INTO from_snapshot FROM notification_inboxes
   WHERE manager_id = p_manager FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  to_snapshot := pg_current_snapshot();
  INSERT INTO notifications (uuid, manager_id, business_id, message, status, created_at)
  SELECT e.uuid, p_manager, e.business_id, e.message, e.status, e.created_at
    FROM notification_events e
   WHERE e.xid >= pg_snapshot_xmin(from_snapshot)
     AND e.xid < pg_snapshot_xmax(to_snapshot)
     AND NOT pg_visible_in_snapshot(e.xid, from_snapshot)
     AND pg_visible_in_snapshot(e.xid, to_snapshot)
     AND e.actor_id IS DISTINCT FROM p_manager
   ORDER BY e.id
  ON CONFLICT (manager_id, uuid) DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  UPDATE notification_inboxes SET position = to_snapshot WHERE manager_id = p_manager;
  RETURN written;
END;
$$;
--> statement-breakpoint
-- A manager's inbox follows the account: made (or moved to now) when it becomes an active manager,
-- caught up when it stops being one.
CREATE FUNCTION notification_inbox_follow_manager() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'MANAGER' AND NEW.is_active
     AND (TG_OP = 'INSERT' OR NOT OLD.is_active OR OLD.role <> 'MANAGER') THEN
    INSERT INTO notification_inboxes (manager_id, position)
    VALUES (NEW.id, pg_current_snapshot())
    ON CONFLICT (manager_id) DO UPDATE SET position = excluded.position;
  ELSIF TG_OP = 'UPDATE' AND OLD.role = 'MANAGER' AND OLD.is_active
     AND NOT (NEW.role = 'MANAGER' AND NEW.is_active) THEN
    PERFORM notifications_catch_up(NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_notification_inbox
AFTER INSERT OR UPDATE OF is_active, role ON users
FOR EACH ROW EXECUTE FUNCTION notification_inbox_follow_manager();
--> statement-breakpoint
-- Every manager today starts from now: what was sent before is in notifications already.
INSERT INTO notification_inboxes (manager_id, position)
SELECT id, pg_current_snapshot() FROM users WHERE role = 'MANAGER';
