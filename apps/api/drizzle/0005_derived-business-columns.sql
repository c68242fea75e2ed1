-- The derived columns of a business are owned by the database: whoever writes
-- (the API, the seed, test fixtures, psql), they follow their inputs.
--   search_text              lower(business name, owner's first and last name, email)
--   incorporation_status     the incorporation step's status (PENDING without a row)
--   account_level            PAID when the payment step is APPROVED, else UNPAID
--   current_activity_step/status
--                            the first step in the canonical order that is not
--                            APPROVED (a missing row counts as PENDING); both
--                            null when every step is approved (Completed)
--   has_manual_receipt       whether any manual payment receipt exists
-- One function derives them all, before every insert or update of a business
-- row; changes to steps, receipts and owners touch the rows they affect, once
-- per statement. A touch that changes nothing writes nothing.

-- The canonical step order; must equal formationStepKeys in packages/contract
-- (checked by features/businesses/derived-columns.test.ts).
CREATE OR REPLACE FUNCTION formation_step_order() RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    'payment_status', 'onboarding_doc_status', 'document_verification_status',
    'national_id_status', 'government_id_status', 'utility_bill_status',
    'incorporation_status', 'post_doc_formation_status', 'tax_ein_status',
    'stripe_status', 'bank_account_status', 'business_handover_status'
  ]::text[]
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION derive_business_columns() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(NEW.business_name || ' ' || u.first_name || ' ' || u.last_name || ' ' || u.email)
    INTO NEW.search_text
    FROM users u WHERE u.id = NEW.user_id;

  NEW.incorporation_status := coalesce(
    (SELECT s.status FROM formation_steps s
      WHERE s.business_id = NEW.id AND s.step_key = 'incorporation_status'),
    'PENDING');

  NEW.account_level := CASE WHEN EXISTS (
    SELECT 1 FROM formation_steps s
     WHERE s.business_id = NEW.id AND s.step_key = 'payment_status' AND s.status = 'APPROVED'
  ) THEN 'PAID' ELSE 'UNPAID' END;

  -- No row found (every step approved) leaves both null: Completed.
  SELECT k.key, coalesce(s.status, 'PENDING')
    INTO NEW.current_activity_step, NEW.current_activity_status
    FROM unnest(formation_step_order()) WITH ORDINALITY AS k(key, position)
    LEFT JOIN formation_steps s ON s.business_id = NEW.id AND s.step_key = k.key
   WHERE coalesce(s.status, 'PENDING') <> 'APPROVED'
   ORDER BY k.position
   LIMIT 1;

  NEW.has_manual_receipt := EXISTS (
    SELECT 1 FROM manual_payment_receipts r WHERE r.business_id = NEW.id);

  -- A touch (below) that changes nothing is skipped: no new row version, no bloat.
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_derive_columns
BEFORE INSERT OR UPDATE ON businesses
FOR EACH ROW EXECUTE FUNCTION derive_business_columns();
--> statement-breakpoint
-- Touches the businesses whose steps or receipts a statement changed (the
-- transition table is named `changed` by each trigger), so the trigger above
-- derives their columns again. Nothing changed, nothing touched.
CREATE OR REPLACE FUNCTION touch_businesses() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    UPDATE businesses b SET id = b.id
     WHERE b.id IN (SELECT DISTINCT c.business_id FROM changed c);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The same for owners whose name or email changed (not a sign-in, a password
-- or an active flag: those leave the businesses, and their NOTIFY, alone).
CREATE OR REPLACE FUNCTION touch_businesses_of_renamed_owners() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  renamed integer[];
BEGIN
  renamed := ARRAY(
    SELECT c.id FROM changed c JOIN previous p ON p.id = c.id
     WHERE (c.first_name, c.last_name, c.email) IS DISTINCT FROM (p.first_name, p.last_name, p.email));
  IF cardinality(renamed) > 0 THEN
    UPDATE businesses b SET id = b.id WHERE b.user_id = ANY (renamed);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER formation_steps_touch_inserted
AFTER INSERT ON formation_steps REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION touch_businesses();
--> statement-breakpoint
CREATE TRIGGER formation_steps_touch_updated
AFTER UPDATE ON formation_steps REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION touch_businesses();
--> statement-breakpoint
CREATE TRIGGER formation_steps_touch_deleted
AFTER DELETE ON formation_steps REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION touch_businesses();
--> statement-breakpoint
CREATE TRIGGER manual_payment_receipts_touch_inserted
AFTER INSERT ON manual_payment_receipts REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION touch_businesses();
--> statement-breakpoint
CREATE TRIGGER manual_payment_receipts_touch_deleted
AFTER DELETE ON manual_payment_receipts REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION touch_businesses();
--> statement-breakpoint
CREATE TRIGGER users_touch_businesses
AFTER UPDATE ON users REFERENCING OLD TABLE AS previous NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION touch_businesses_of_renamed_owners();
--> statement-breakpoint
-- Rows written before this migration: derive once.
UPDATE businesses SET id = id;
