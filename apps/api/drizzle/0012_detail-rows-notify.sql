-- The API keeps each business's detail as read
-- (docs/decisions/037-the-business-detail-kept-as-read-its.md) until the businesses channel
-- announces a change. A business's steps, documents and receipts announce themselves there already
-- (0005's touch triggers, 0011); its online payments and shareholders did not, nor did an update of
-- a receipt or a TRUNCATE of steps or receipts. They are written outside the API's routes (the
-- seed, the clients' side, psql), so every such statement announces itself, as 'progress': nothing
-- a search, a filter or the list order reads changes. 0011's documents trigger calls the same
-- function, which replaces its own.
CREATE OR REPLACE FUNCTION business_rows_changed_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('businesses_changed', 'progress');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER online_payments_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON online_payments
  FOR EACH STATEMENT EXECUTE FUNCTION business_rows_changed_notify();
--> statement-breakpoint
CREATE TRIGGER shareholders_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shareholders
  FOR EACH STATEMENT EXECUTE FUNCTION business_rows_changed_notify();
--> statement-breakpoint
CREATE TRIGGER manual_payment_receipts_changed_notify
  AFTER UPDATE OR TRUNCATE ON manual_payment_receipts
  FOR EACH STATEMENT EXECUTE FUNCTION business_rows_changed_notify();
--> statement-breakpoint
CREATE TRIGGER formation_steps_truncated_notify
  AFTER TRUNCATE ON formation_steps
  FOR EACH STATEMENT EXECUTE FUNCTION business_rows_changed_notify();
--> statement-breakpoint
DROP TRIGGER documents_changed_notify ON documents;
--> statement-breakpoint
CREATE TRIGGER documents_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION business_rows_changed_notify();
--> statement-breakpoint
DROP FUNCTION documents_changed_notify();
