-- The client's own events that wait on a manager, beside the business (docs/product.md §11.5;
-- docs/decisions/112-the-client-s-events-wait-in-the-queue.md): client_waiting_since is derived
-- with the current activity (migrations 0005, 0027). A business waits from its submission while
-- every step is still Pending (no manager has moved it), or from the first document its client
-- sent after its current step Failed; a manager moving the step ends the wait.
ALTER TABLE "businesses" ADD COLUMN "client_waiting_since" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION derive_business_columns() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(NEW.business_name || ' ' || u.first_name || ' ' || u.last_name || ' ' || u.email)
    INTO NEW.search_text
    FROM users u WHERE u.id = NEW.user_id;

  -- The steps' columns as given (see derived_columns_given); search_text is
  -- always the database's own lower(), whatever the collation.
  IF TG_OP = 'INSERT' AND derived_columns_given() THEN
    RETURN NEW;
  END IF;

  NEW.incorporation_status := coalesce(
    (SELECT s.status FROM formation_steps s
      WHERE s.business_id = NEW.id AND s.step_key = 'incorporation_status'),
    'PENDING');

  NEW.account_level := CASE WHEN EXISTS (
    SELECT 1 FROM formation_steps s
     WHERE s.business_id = NEW.id AND s.step_key = 'payment_status' AND s.status = 'APPROVED'
  ) THEN 'PAID' ELSE 'UNPAID' END;

  -- No row found (every step approved) leaves the three null: Completed. A step without its
  -- row waits as PENDING, since no known time.
  SELECT k.key, coalesce(s.status, 'PENDING'), s.status_since
    INTO NEW.current_activity_step, NEW.current_activity_status, NEW.current_activity_since
    FROM unnest(formation_step_order()) WITH ORDINALITY AS k(key, position)
    LEFT JOIN formation_steps s ON s.business_id = NEW.id AND s.step_key = k.key
   WHERE coalesce(s.status, 'PENDING') <> 'APPROVED'
   ORDER BY k.position
   LIMIT 1;

  NEW.has_manual_receipt := EXISTS (
    SELECT 1 FROM manual_payment_receipts r WHERE r.business_id = NEW.id);

  -- New in 0028: what of the client's waits on a manager, and since when.
  NEW.client_waiting_since := CASE
    WHEN NOT EXISTS (
      SELECT 1 FROM formation_steps s WHERE s.business_id = NEW.id AND s.status <> 'PENDING')
      THEN NEW.created_at
    WHEN NEW.current_activity_status = 'FAILED'
      THEN (SELECT min(d.created_at) FROM documents d
             WHERE d.business_id = NEW.id AND d.created_at > NEW.current_activity_since)
  END;

  -- A touch that changes nothing is skipped: no new row version, no bloat.
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- A document sent (or removed) touches its business, as a receipt does (migration 0005).
CREATE TRIGGER documents_touch_inserted
AFTER INSERT ON documents REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION touch_businesses();
--> statement-breakpoint
CREATE TRIGGER documents_touch_deleted
AFTER DELETE ON documents REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION touch_businesses();
--> statement-breakpoint
-- The businesses already there that can wait: every step Pending (the first step is current and
-- Pending), or the current step Failed. The touch derives the new column (and the others, to
-- the same values).
UPDATE "businesses" b SET "id" = b."id"
 WHERE (b."current_activity_step" = 'payment_status' AND b."current_activity_status" = 'PENDING')
    OR b."current_activity_status" = 'FAILED';
--> statement-breakpoint
-- The queue reads it on its index with the filters' columns (migration 0027), so that the
-- queue's condition is still checked on the index alone.
DROP INDEX IF EXISTS "businesses_activity_since_idx";
--> statement-breakpoint
CREATE INDEX "businesses_activity_since_idx" ON "businesses" USING btree ("current_activity_since","id")
  INCLUDE ("country_of_incorporation", "company_type", "account_level", "has_manual_receipt",
           "current_activity_step", "current_activity_status", "incorporation_status", "assignee_id",
           "client_waiting_since");
--> statement-breakpoint
-- It moves with the steps (and the documents), as the current activity does: a change of it is
-- still 'progress' (migrations 0007, 0025, 0027).
CREATE OR REPLACE FUNCTION notify_businesses_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  progress_columns CONSTANT text[] := ARRAY[
    'incorporation_status', 'account_level', 'current_activity_step',
    'current_activity_status', 'current_activity_since', 'has_manual_receipt', 'assignee_id',
    'client_waiting_since'];
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
