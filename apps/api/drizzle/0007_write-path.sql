-- The write path (docs/decisions/026-the-write-path-one-statement-for-the.md).
--
-- users_managers_idx: every write notifies the other active managers, and
-- users holds every client too; without it that lookup reads the whole table.
--
-- The businesses change announcements (0003) get a scope. An UPDATE whose rows
-- differ only in the step-derived columns (what a step update, a receipt or a
-- payment moves, migration 0005) announces 'progress', so the API keeps every
-- list count that reads none of them (the All tab, search, country, type,
-- date); any other change announces '' as before, and an UPDATE that wrote no
-- row announces nothing. Transition tables need a trigger of one event, so
-- UPDATE gets its own.
CREATE OR REPLACE FUNCTION notify_businesses_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  progress_columns CONSTANT text[] := ARRAY[
    'incorporation_status', 'account_level', 'current_activity_step',
    'current_activity_status', 'has_manual_receipt'];
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
DROP TRIGGER businesses_changed_notify ON businesses;
--> statement-breakpoint
CREATE TRIGGER businesses_changed_notify
AFTER INSERT OR DELETE OR TRUNCATE ON businesses
FOR EACH STATEMENT EXECUTE FUNCTION notify_businesses_changed();
--> statement-breakpoint
CREATE TRIGGER businesses_updated_notify
AFTER UPDATE ON businesses
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_businesses_updated();
--> statement-breakpoint
CREATE INDEX "users_managers_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'MANAGER' and "users"."is_active";