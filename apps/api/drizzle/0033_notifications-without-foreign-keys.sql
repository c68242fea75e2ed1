-- A manager's notifications without foreign keys (docs/decisions/117-notifications-written-out-without-key-checks.md).
-- A catch-up (notifications_catch_up, migrations 0021 and 0025) writes out hundreds of rows at a
-- time, and each row's two key checks looked up and locked its manager's row and its business's
-- row (FOR KEY SHARE, which writes the lock into the business's row): half the catch-up's time,
-- and every catch-up of a busy team locked the same businesses again. The keys held by
-- construction: a row's manager is its inbox's (whose key is checked once, when the inbox is made)
-- and its business is its event's (checked once, when the event is written). What the keys also
-- did, deleting a user's or a business's notifications with it, is done here by one statement
-- trigger on each table, for the whole statement's rows.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_manager_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_business_id_businesses_id_fk";
--> statement-breakpoint
CREATE FUNCTION notifications_follow_deleted_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notifications n USING old_rows o WHERE n.manager_id = o.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_delete_notifications
AFTER DELETE ON users
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION notifications_follow_deleted_users();
--> statement-breakpoint
CREATE FUNCTION notifications_follow_deleted_businesses() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notifications n USING old_rows o WHERE n.business_id = o.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_delete_notifications
AFTER DELETE ON businesses
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION notifications_follow_deleted_businesses();
