-- Every statement that changes businesses announces it on the channel
-- `businesses_changed`, whoever runs it (the API, the seed CLI, psql). The API
-- listens and drops its cached list counts, so a count is never stale.
CREATE OR REPLACE FUNCTION notify_businesses_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('businesses_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_changed_notify
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON businesses
FOR EACH STATEMENT EXECUTE FUNCTION notify_businesses_changed();
