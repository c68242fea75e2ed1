-- Whose a business is (docs/product.md §11.1, docs/decisions/102-assignment-one-column-and-a-notice-for-one.md):
-- businesses.assignee_id, null for unassigned, with an index in list order that serves both the
-- 'Mine' and the 'Unassigned' filters. Adding a nullable column rewrites nothing; the foreign key
-- checks every row (all null) and the index reads the table once: a few seconds at 1 000 000
-- businesses, during which writes to businesses wait (docs/operations.md).
--
-- An assignment notifies one manager, not every one: notification_events.recipient_id names
-- them, and a catch-up writes an event out only for that manager.
ALTER TABLE "businesses" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "notification_events" ADD COLUMN "recipient_id" integer;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_assignee_idx" ON "businesses" USING btree ("assignee_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- An assignment moves no column a search, a date or the All tab reads, so it announces itself on
-- the businesses channel as a step update does ('progress', migration 0007): list totals and page
-- anchors that read none of these columns stay valid, and those that filter by assignee (which
-- count as reading progress) are redone.
CREATE OR REPLACE FUNCTION notify_businesses_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  progress_columns CONSTANT text[] := ARRAY[
    'incorporation_status', 'account_level', 'current_activity_step',
    'current_activity_status', 'has_manual_receipt', 'assignee_id'];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1
      FROM new_rows n
      LEFT JOIN old_rows o ON o.id = n.id
     WHERE o.id IS NULL
        OR to_jsonb(o) - progress_columns <> to_jsonb(n) - progress_columns
  ) THEN
    PERFORM pg_notify('businesses_changed', '');
  ELSE
    PERFORM pg_notify('businesses_changed', 'progress');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- As in migration 0021, but an event with a recipient is written out for that manager alone.
CREATE OR REPLACE FUNCTION notifications_catch_up(p_manager integer) RETURNS integer
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
     AND (e.recipient_id IS NULL OR e.recipient_id = p_manager)
   ORDER BY e.id
  ON CONFLICT (manager_id, uuid) DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  UPDATE notification_inboxes SET position = to_snapshot WHERE manager_id = p_manager;
  RETURN written;
END;
$$;
