-- A list row shows its business's documents (total_files), and the API keeps
-- the pages it served per version of the businesses table
-- (docs/decisions/034-list-answers-kept-as-sent-per-version.md). Documents are
-- written outside the API's own routes (the seed, the
-- clients' side), so every statement that changes them announces it on the
-- businesses channel, as 'progress': it moves no column that a search, a filter
-- or the order reads, so totals and anchors of those lists stay valid.
CREATE OR REPLACE FUNCTION documents_changed_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('businesses_changed', 'progress');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER documents_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION documents_changed_notify();
