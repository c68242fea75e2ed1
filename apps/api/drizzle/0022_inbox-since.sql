-- Where each manager's inbox last (re)started (docs/decisions/095-notifications-fan-out-on-read.md).
-- A live stream resumes from a snapshot; one taken before the manager was re-activated would be
-- sent the events written while they were inactive, which their list never holds (the inbox
-- restarts at re-activation). The stream refuses to resume from before `since` (409: the client
-- starts afresh). Inboxes that exist already take their position: at worst a stream opened before
-- this migration starts afresh once.
ALTER TABLE "notification_inboxes" ADD COLUMN "since" "pg_snapshot";--> statement-breakpoint
UPDATE "notification_inboxes" SET "since" = "position";--> statement-breakpoint
ALTER TABLE "notification_inboxes" ALTER COLUMN "since" SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notification_inbox_follow_manager() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'MANAGER' AND NEW.is_active
     AND (TG_OP = 'INSERT' OR NOT OLD.is_active OR OLD.role <> 'MANAGER') THEN
    INSERT INTO notification_inboxes (manager_id, position, since)
    VALUES (NEW.id, pg_current_snapshot(), pg_current_snapshot())
    ON CONFLICT (manager_id) DO UPDATE
      SET position = excluded.position, since = excluded.since;
  ELSIF TG_OP = 'UPDATE' AND OLD.role = 'MANAGER' AND OLD.is_active
     AND NOT (NEW.role = 'MANAGER' AND NEW.is_active) THEN
    PERFORM notifications_catch_up(NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
