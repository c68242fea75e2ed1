-- Every formation step knows when it entered its current status
-- (docs/decisions/099-a-step-knows-since-when.md): the age of a business's current step, which the
-- list shows and a work queue orders by, is read from it. A trigger moves it whenever the status
-- changes, to the writer's updated_at when the writer set one (the API's clock), else to now().
ALTER TABLE "formation_steps" ADD COLUMN "status_since" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- The steps already there: a step's row changes only with its status, so its updated_at is when it
-- entered it. Set as the seed sets rows (derived_columns_given, migration 0009): the businesses are
-- not touched again, since no derived column moves.
SELECT set_config('fd.derived_given', 'on', true);
--> statement-breakpoint
UPDATE "formation_steps" SET "status_since" = "updated_at";
--> statement-breakpoint
SELECT set_config('fd.derived_given', '', true);
--> statement-breakpoint
CREATE FUNCTION formation_step_status_since() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status
     AND NEW.status_since IS NOT DISTINCT FROM OLD.status_since THEN
    NEW.status_since := CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at
                             THEN NEW.updated_at ELSE now() END;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER formation_steps_status_since
BEFORE UPDATE OF status ON formation_steps
FOR EACH ROW EXECUTE FUNCTION formation_step_status_since();
