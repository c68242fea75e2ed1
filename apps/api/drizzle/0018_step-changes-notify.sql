-- A business's formation steps announce themselves on the businesses channel, as 'progress'
-- (docs/decisions/089-every-step-change-announced-by-its-trigger.md). Until now a step change
-- reached the channel only through the business it touches (0005) when it moved a derived column
-- of that business (0007); a step that moved none (a later step failed while an earlier one
-- waits) was announced by no trigger, yet the kept detail shows every step, so the API's status
-- paths announced it by hand. Now every statement that writes a step row announces it, whoever
-- runs it (the API, the seed, another instance, psql), and the writers only wait to hear it.
-- 'progress': a step moves nothing a search, a filter or the list order reads. A statement that
-- writes no row (a compare-and-set that lost) announces nothing. TRUNCATE announces itself already
-- (0012). Within one transaction PostgreSQL sends equal notifications once, so a step change that
-- also moves its business's derived columns is still heard once.
CREATE OR REPLACE FUNCTION formation_steps_changed_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    PERFORM pg_notify('businesses_changed', 'progress');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER formation_steps_inserted_notify
AFTER INSERT ON formation_steps REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION formation_steps_changed_notify();
--> statement-breakpoint
CREATE TRIGGER formation_steps_updated_notify
AFTER UPDATE ON formation_steps REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION formation_steps_changed_notify();
--> statement-breakpoint
CREATE TRIGGER formation_steps_deleted_notify
AFTER DELETE ON formation_steps REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION formation_steps_changed_notify();
