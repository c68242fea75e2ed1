-- How long a business's current step has waited, beside the business
-- (docs/decisions/105-the-queue-reads-the-step-age-beside-the-business.md): current_activity_since
-- is the current step's status_since (migration 0024), derived with the current activity
-- (migration 0005), so that the work queue and the sort by step age read one index
-- (current_activity_since, id) instead of a step row per business.
ALTER TABLE "businesses" ADD COLUMN "current_activity_since" timestamp with time zone;--> statement-breakpoint
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

  -- A touch that changes nothing is skipped: no new row version, no bloat.
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The businesses already there: each takes its current step's status_since. The update derives
-- every column again (the trigger above), to the same values but this one.
UPDATE "businesses" b SET "current_activity_since" = s."status_since"
  FROM "formation_steps" s
 WHERE s."business_id" = b."id" AND s."step_key" = b."current_activity_step";
--> statement-breakpoint
-- The filters' columns ride along (INCLUDE), so a filtered list in this order is filtered on the
-- index alone: at 1 000 000 businesses country x type x payment by step age cost 19.7 ms of
-- PostgreSQL CPU a request with them and 70.8 without (bench/README.md, "The work queue").
CREATE INDEX "businesses_activity_since_idx" ON "businesses" USING btree ("current_activity_since","id")
  INCLUDE ("country_of_incorporation", "company_type", "account_level", "has_manual_receipt",
           "current_activity_step", "current_activity_status", "incorporation_status", "assignee_id");
--> statement-breakpoint
-- It moves with the steps, as the current activity does: a step update still announces itself
-- as 'progress' (migrations 0007, 0025).
CREATE OR REPLACE FUNCTION notify_businesses_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  progress_columns CONSTANT text[] := ARRAY[
    'incorporation_status', 'account_level', 'current_activity_step',
    'current_activity_status', 'current_activity_since', 'has_manual_receipt', 'assignee_id'];
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
