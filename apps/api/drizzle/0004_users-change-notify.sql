-- Like businesses (0003): every statement that changes users announces it, so
-- each API instance drops the user records its auth hook keeps (token
-- version, active flag, role) the moment a password, role or account changes.
CREATE OR REPLACE FUNCTION notify_users_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('users_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed_notify
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION notify_users_changed();
