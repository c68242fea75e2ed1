-- The insights (docs/product.md §12.4) from counts kept by day, in UTC
-- (docs/decisions/114-insights-from-counts-kept-by-day.md): computed on request at 1 000 000
-- businesses they took 0.2–20 s a figure (decision 109); kept by day, a week or a window is a sum
-- of a few thousand rows. As business_counts (migration 0009), every statement that changes what
-- a count counts appends its change, in its own transaction, as signed rows, which
-- compactInsightCounts (features/insights) folds now and then:
--   insight_new_business_days    businesses by the day they were created
--   insight_manager_change_days  manager_logs rows by day and manager (id; name when no id)
--   insight_failure_days         Failed steps by the day they went Failed and the title of the
--                                latest feedback about each (none: null)
--   insight_approval_days        Approved steps by step, day of approval and the days it took
--                                in tenths (from the business's creation or the previous step's
--                                approval, whichever is later)
-- The on-request statements' indexes (migration 0030) go: nothing reads by them any more.
CREATE TABLE "insight_approval_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"n" bigint NOT NULL,
	"step_key" text NOT NULL,
	"tenths" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_failure_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"n" bigint NOT NULL,
	"feedback_title" text
);
--> statement-breakpoint
CREATE TABLE "insight_manager_change_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"n" bigint NOT NULL,
	"manager_id" integer,
	"manager_name" text
);
--> statement-breakpoint
CREATE TABLE "insight_new_business_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "insight_approval_days_day_idx" ON "insight_approval_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "insight_failure_days_day_idx" ON "insight_failure_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "insight_manager_change_days_day_idx" ON "insight_manager_change_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "insight_new_business_days_day_idx" ON "insight_new_business_days" USING btree ("day");
--> statement-breakpoint
DROP INDEX "formation_steps_status_since_idx";
--> statement-breakpoint
DROP INDEX "manager_logs_created_idx";
--> statement-breakpoint
-- The day a time falls on, in UTC.
CREATE OR REPLACE FUNCTION insight_day(t timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT (t AT TIME ZONE 'UTC')::date
$$;
--> statement-breakpoint
-- The step before `key` in the canonical order (migration 0005); null for the first and for a key
-- outside it.
CREATE OR REPLACE FUNCTION insight_previous_step(key text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT (formation_step_order())[array_position(formation_step_order(), key) - 1]
$$;
--> statement-breakpoint
-- An approval's days in tenths, rounded half away from zero: from when the step could start
-- (`ready`: the business's creation, or the approval of the step before it, whichever is later)
-- to its approval, never below 0.
CREATE OR REPLACE FUNCTION insight_approval_tenths(approved timestamptz, ready timestamptz)
RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT round(greatest(0, extract(epoch FROM approved - ready)) / 8640)::integer
$$;
--> statement-breakpoint
-- The title of the latest feedback sent about a step (the newest, the later row of a tie).
CREATE OR REPLACE FUNCTION insight_latest_feedback_title(step_id integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT f.feedback_title FROM feedback f
   WHERE f.status_item_id = step_id
   ORDER BY f.created_at DESC, f.id DESC
   LIMIT 1
$$;
--> statement-breakpoint
-- Businesses created per day, as they come and go: their rows alone.
CREATE OR REPLACE FUNCTION insight_new_businesses_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_new_business_days (day, n)
    SELECT insight_day(created_at), count(*) FROM new_rows GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO insight_new_business_days (day, n)
    SELECT insight_day(created_at), -count(*) FROM old_rows GROUP BY 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A business whose creation moved: it moves from its old day to its new one, and its approvals'
-- days counted from the old creation go, from the new one come (a step's days may start at the
-- creation). Every step change touches its business (migration 0005): most updates move nothing.
CREATE OR REPLACE FUNCTION insight_business_created_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                  WHERE n.created_at IS DISTINCT FROM o.created_at) THEN
    RETURN NULL;
  END IF;
  WITH moved AS (
    SELECT o.created_at AS before, n.created_at AS after
      FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.created_at IS DISTINCT FROM o.created_at
  )
  INSERT INTO insight_new_business_days (day, n)
  SELECT day, sum(d) FROM (
    SELECT insight_day(after) AS day, 1 AS d FROM moved
    UNION ALL
    SELECT insight_day(before), -1 FROM moved) AS changes
   GROUP BY 1
  HAVING sum(d) <> 0;
  WITH moved AS (
    SELECT n.id, o.created_at AS before, n.created_at AS after
      FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.created_at IS DISTINCT FROM o.created_at
  ), steps AS (
    SELECT s.business_id, s.step_key, s.status, s.status_since
      FROM formation_steps s WHERE s.business_id IN (SELECT id FROM moved)
  ), approved AS (
    SELECT s.step_key, s.status_since, m.before, m.after, p.status_since AS previous
      FROM steps s
      JOIN moved m ON m.id = s.business_id
      LEFT JOIN steps p ON p.business_id = s.business_id
       AND p.step_key = insight_previous_step(s.step_key) AND p.status = 'APPROVED'
     WHERE s.status = 'APPROVED'
  )
  INSERT INTO insight_approval_days (day, step_key, tenths, n)
  SELECT day, step_key, tenths, sum(d) FROM (
    SELECT insight_day(status_since) AS day, step_key,
           insight_approval_tenths(status_since, greatest(after, coalesce(previous, after)))
             AS tenths, 1 AS d
      FROM approved
    UNION ALL
    SELECT insight_day(status_since), step_key,
           insight_approval_tenths(status_since, greatest(before, coalesce(previous, before))), -1
      FROM approved) AS changes
   GROUP BY 1, 2, 3
  HAVING sum(d) <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A business about to go: its approvals and failures go with it, counted while its steps and
-- their feedback are still there. The steps' own triggers then find no business and skip.
CREATE OR REPLACE FUNCTION insight_business_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_approval_days (day, step_key, tenths, n)
  SELECT insight_day(s.status_since), s.step_key,
         insight_approval_tenths(s.status_since,
                                 greatest(OLD.created_at, coalesce(p.status_since, OLD.created_at))),
         -count(*)
    FROM formation_steps s
    LEFT JOIN formation_steps p ON p.business_id = s.business_id
     AND p.step_key = insight_previous_step(s.step_key) AND p.status = 'APPROVED'
   WHERE s.business_id = OLD.id AND s.status = 'APPROVED'
   GROUP BY 1, 2, 3;
  INSERT INTO insight_failure_days (day, feedback_title, n)
  SELECT insight_day(s.status_since), insight_latest_feedback_title(s.id), -count(*)
    FROM formation_steps s
   WHERE s.business_id = OLD.id AND s.status = 'FAILED'
   GROUP BY 1, 2;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
-- The approvals of the businesses whose steps a statement changed (`gone`: the rows as they
-- were, `came`: as they are), counted before (-1) and after (+1): a step's days hang on the step
-- before it in the canonical order (the row just before it there, when that is its previous
-- step and approved), so the whole business is counted again (at most twelve rows). A business
-- no longer there was counted out as it went (insight_business_deleting).
CREATE OR REPLACE FUNCTION insight_approvals_moved(gone formation_steps[], came formation_steps[])
RETURNS void
LANGUAGE plpgsql
-- One plan for every call: planned afresh for each (the arrays are parameters), a one-step change
-- cost ~2.5 ms more.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  affected integer[];
BEGIN
  -- Locked, so that two transactions changing steps of one business count one after the other,
  -- the second seeing the first's steps (each statement below reads afresh).
  affected := ARRAY(SELECT b.id FROM businesses b
                     WHERE b.id = ANY (ARRAY(SELECT business_id FROM unnest(gone)
                                             UNION SELECT business_id FROM unnest(came)))
                     ORDER BY b.id FOR NO KEY UPDATE);
  IF cardinality(affected) = 0 THEN
    RETURN;
  END IF;
  WITH states AS (
    SELECT 1 AS d, s.business_id, s.step_key, s.status, s.status_since
      FROM formation_steps s WHERE s.business_id = ANY (affected)
    UNION ALL
    SELECT -1, s.business_id, s.step_key, s.status, s.status_since
      FROM formation_steps s
     WHERE s.business_id = ANY (affected)
       AND s.id <> ALL (ARRAY(SELECT id FROM unnest(came)))
    UNION ALL
    SELECT -1, business_id, step_key, status, status_since
      FROM unnest(gone) WHERE business_id = ANY (affected)
  ), ordered AS (
    SELECT d, business_id, step_key, status, status_since, position,
           lag(position) OVER w AS previous_position, lag(status) OVER w AS previous_status,
           lag(status_since) OVER w AS previous_since
      FROM (SELECT *, array_position(formation_step_order(), step_key) AS position
              FROM states) AS s
    WINDOW w AS (PARTITION BY d, business_id ORDER BY position)
  )
  INSERT INTO insight_approval_days (day, step_key, tenths, n)
  SELECT insight_day(o.status_since), o.step_key,
         insight_approval_tenths(o.status_since, greatest(b.created_at,
           CASE WHEN o.previous_position = o.position - 1 AND o.previous_status = 'APPROVED'
                THEN o.previous_since END)),
         sum(o.d)
    FROM ordered o JOIN businesses b ON b.id = o.business_id
   WHERE o.status = 'APPROVED'
   GROUP BY 1, 2, 3
  HAVING sum(o.d) <> 0;
END;
$$;
--> statement-breakpoint
-- The failures of steps inserted or updated: each Failed row as it was goes, as it is comes,
-- under its latest feedback's title (which a change of the step itself does not move). A
-- deleted step is counted out before it goes (insight_step_deleting).
CREATE OR REPLACE FUNCTION insight_failures_moved(gone formation_steps[], came formation_steps[])
RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO insight_failure_days (day, feedback_title, n)
  SELECT day, title, sum(d) FROM (
    SELECT insight_day(status_since) AS day, insight_latest_feedback_title(id) AS title, 1 AS d
      FROM unnest(came) WHERE status = 'FAILED'
    UNION ALL
    SELECT insight_day(status_since), insight_latest_feedback_title(id), -1
      FROM unnest(gone) WHERE status = 'FAILED') AS changes
   GROUP BY 1, 2
  HAVING sum(d) <> 0;
END;
$$;
--> statement-breakpoint
-- A seed batch (derived_columns_given, migration 0009) inserts each new business's steps in one
-- statement, before any feedback about them: the statement's rows are all the steps their
-- businesses have, counted from the rows alone (the bulk load has no index to look others up).
CREATE OR REPLACE FUNCTION insight_steps_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF derived_columns_given() THEN
    INSERT INTO insight_approval_days (day, step_key, tenths, n)
    SELECT insight_day(s.status_since), s.step_key,
           insight_approval_tenths(s.status_since,
                                   greatest(b.created_at, coalesce(p.status_since, b.created_at))),
           count(*)
      FROM new_rows s
      JOIN businesses b ON b.id = s.business_id
      LEFT JOIN new_rows p ON p.business_id = s.business_id
       AND p.step_key = insight_previous_step(s.step_key) AND p.status = 'APPROVED'
     WHERE s.status = 'APPROVED'
     GROUP BY 1, 2, 3;
    INSERT INTO insight_failure_days (day, feedback_title, n)
    SELECT insight_day(status_since), NULL, count(*) FROM new_rows WHERE status = 'FAILED'
     GROUP BY 1;
    RETURN NULL;
  END IF;
  PERFORM insight_approvals_moved('{}', ARRAY(SELECT n::formation_steps FROM new_rows n));
  PERFORM insight_failures_moved('{}', ARRAY(SELECT n::formation_steps FROM new_rows n));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only the rows whose counted columns moved (most updates of a step change its status, few its
-- business, key or time), and only the counts a row Approved or Failed, before or after, moves.
CREATE OR REPLACE FUNCTION insight_steps_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  gone formation_steps[];
  came formation_steps[];
  approvals boolean;
  failures boolean;
BEGIN
  SELECT array_agg(o::formation_steps), array_agg(n::formation_steps),
         bool_or(o.status = 'APPROVED' OR n.status = 'APPROVED'),
         bool_or(o.status = 'FAILED' OR n.status = 'FAILED')
    INTO gone, came, approvals, failures
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE (n.business_id, n.step_key, n.status, n.status_since)
         IS DISTINCT FROM (o.business_id, o.step_key, o.status, o.status_since);
  IF approvals THEN
    PERFORM insight_approvals_moved(gone, came);
  END IF;
  IF failures THEN
    PERFORM insight_failures_moved(gone, came);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_steps_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_approvals_moved(ARRAY(SELECT o::formation_steps FROM old_rows o), '{}');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A Failed step about to go, with its business still there: counted out under its latest
-- feedback's title before the feedback loses its step (ON DELETE SET NULL runs after).
CREATE OR REPLACE FUNCTION insight_step_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'FAILED' AND EXISTS (SELECT 1 FROM businesses b WHERE b.id = OLD.business_id) THEN
    INSERT INTO insight_failure_days (day, feedback_title, n)
    VALUES (insight_day(OLD.status_since), insight_latest_feedback_title(OLD.id), -1);
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
-- Feedback written, edited or removed: the Failed steps it is about (whose business is still
-- there) move from their latest title before to their latest title after. In a seed batch the
-- feedback is the first about its steps, so the title before is none and the title after the
-- latest of the statement's rows.
CREATE OR REPLACE FUNCTION insight_feedback_moved(gone feedback[], came feedback[])
RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF derived_columns_given() AND cardinality(gone) = 0 THEN
    WITH latest AS (
      SELECT DISTINCT ON (status_item_id) status_item_id, feedback_title
        FROM unnest(came) WHERE status_item_id IS NOT NULL
       ORDER BY status_item_id, created_at DESC, id DESC
    )
    INSERT INTO insight_failure_days (day, feedback_title, n)
    SELECT day, title, sum(d) FROM (
      SELECT insight_day(s.status_since) AS day, l.feedback_title AS title, 1 AS d
        FROM latest l JOIN formation_steps s ON s.id = l.status_item_id
       WHERE s.status = 'FAILED'
      UNION ALL
      SELECT insight_day(s.status_since), NULL, -1
        FROM latest l JOIN formation_steps s ON s.id = l.status_item_id
       WHERE s.status = 'FAILED') AS changes
     GROUP BY 1, 2;
    RETURN;
  END IF;
  -- The steps locked, so that a change of one of them and this count happen one after the other,
  -- the later seeing the earlier (each statement below reads afresh).
  PERFORM 1 FROM formation_steps s
    WHERE s.id = ANY (ARRAY(SELECT status_item_id FROM unnest(gone)
                            UNION SELECT status_item_id FROM unnest(came)))
    ORDER BY s.id FOR NO KEY UPDATE;
  WITH g AS (SELECT * FROM unnest(gone)), c AS (SELECT * FROM unnest(came)),
  steps AS (
    SELECT s.id, s.status_since FROM formation_steps s
     WHERE s.status = 'FAILED'
       AND s.id IN (SELECT status_item_id FROM g UNION SELECT status_item_id FROM c)
       AND EXISTS (SELECT 1 FROM businesses b WHERE b.id = s.business_id)
  ), before AS (
    SELECT DISTINCT ON (x.status_item_id) x.status_item_id, x.feedback_title
      FROM (SELECT f.id, f.status_item_id, f.feedback_title, f.created_at FROM feedback f
             WHERE f.status_item_id IN (SELECT id FROM steps) AND f.id NOT IN (SELECT id FROM c)
            UNION ALL
            SELECT id, status_item_id, feedback_title, created_at
              FROM g WHERE status_item_id IN (SELECT id FROM steps)) AS x
     ORDER BY x.status_item_id, x.created_at DESC, x.id DESC
  )
  INSERT INTO insight_failure_days (day, feedback_title, n)
  SELECT day, title, sum(d) FROM (
    SELECT insight_day(s.status_since) AS day, insight_latest_feedback_title(s.id) AS title, 1 AS d
      FROM steps s
    UNION ALL
    SELECT insight_day(s.status_since), b.feedback_title, -1
      FROM steps s LEFT JOIN before b ON b.status_item_id = s.id) AS changes
   GROUP BY 1, 2
  HAVING sum(d) <> 0;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_feedback_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM insight_feedback_moved('{}', ARRAY(SELECT n::feedback FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM insight_feedback_moved(ARRAY(SELECT o::feedback FROM old_rows o), '{}');
  ELSE
    PERFORM insight_feedback_moved(
      ARRAY(SELECT o::feedback FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE (n.status_item_id, n.feedback_title, n.created_at)
                   IS DISTINCT FROM (o.status_item_id, o.feedback_title, o.created_at)),
      ARRAY(SELECT n::feedback FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE (n.status_item_id, n.feedback_title, n.created_at)
                   IS DISTINCT FROM (o.status_item_id, o.feedback_title, o.created_at)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Logged actions per manager and day: their rows alone. A manager is kept by id; one since
-- removed (no id) by the name the log kept.
CREATE OR REPLACE FUNCTION insight_manager_logs_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_manager_change_days (day, manager_id, manager_name, n)
    SELECT insight_day(created_at), manager_id,
           CASE WHEN manager_id IS NULL THEN manager_name END, count(*)
      FROM new_rows GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO insight_manager_change_days (day, manager_id, manager_name, n)
    SELECT insight_day(created_at), manager_id,
           CASE WHEN manager_id IS NULL THEN manager_name END, -count(*)
      FROM old_rows GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO insight_manager_change_days (day, manager_id, manager_name, n)
    SELECT day, manager_id, manager_name, sum(d) FROM (
      SELECT insight_day(created_at) AS day, manager_id,
             CASE WHEN manager_id IS NULL THEN manager_name END AS manager_name, 1 AS d
        FROM new_rows
      UNION ALL
      SELECT insight_day(created_at), manager_id,
             CASE WHEN manager_id IS NULL THEN manager_name END, -1
        FROM old_rows) AS changes
     GROUP BY 1, 2, 3
    HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Every count from the rows there, from nothing: after a TRUNCATE, and once below for the rows
-- already there.
CREATE OR REPLACE FUNCTION insight_counts_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_new_business_days;
  DELETE FROM insight_manager_change_days;
  DELETE FROM insight_failure_days;
  DELETE FROM insight_approval_days;
  INSERT INTO insight_new_business_days (day, n)
  SELECT insight_day(created_at), count(*) FROM businesses GROUP BY 1;
  INSERT INTO insight_manager_change_days (day, manager_id, manager_name, n)
  SELECT insight_day(created_at), manager_id,
         CASE WHEN manager_id IS NULL THEN manager_name END, count(*)
    FROM manager_logs GROUP BY 1, 2, 3;
  INSERT INTO insight_failure_days (day, feedback_title, n)
  SELECT insight_day(s.status_since), insight_latest_feedback_title(s.id), count(*)
    FROM formation_steps s WHERE s.status = 'FAILED' GROUP BY 1, 2;
  INSERT INTO insight_approval_days (day, step_key, tenths, n)
  SELECT insight_day(s.status_since), s.step_key,
         insight_approval_tenths(s.status_since,
                                 greatest(b.created_at, coalesce(p.status_since, b.created_at))),
         count(*)
    FROM formation_steps s
    JOIN businesses b ON b.id = s.business_id
    LEFT JOIN formation_steps p ON p.business_id = s.business_id
     AND p.step_key = insight_previous_step(s.step_key) AND p.status = 'APPROVED'
   WHERE s.status = 'APPROVED'
   GROUP BY 1, 2, 3;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_counts_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_counts_rebuild();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_insight_inserted
AFTER INSERT ON businesses REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_new_businesses_moved();
--> statement-breakpoint
CREATE TRIGGER businesses_insight_created_moved
AFTER UPDATE ON businesses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_business_created_moved();
--> statement-breakpoint
CREATE TRIGGER businesses_insight_deleted
AFTER DELETE ON businesses REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_new_businesses_moved();
--> statement-breakpoint
CREATE TRIGGER businesses_insight_deleting
BEFORE DELETE ON businesses
FOR EACH ROW EXECUTE FUNCTION insight_business_deleting();
--> statement-breakpoint
CREATE TRIGGER formation_steps_insight_inserted
AFTER INSERT ON formation_steps REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_steps_inserted();
--> statement-breakpoint
CREATE TRIGGER formation_steps_insight_updated
AFTER UPDATE ON formation_steps REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_steps_updated();
--> statement-breakpoint
CREATE TRIGGER formation_steps_insight_deleted
AFTER DELETE ON formation_steps REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_steps_deleted();
--> statement-breakpoint
CREATE TRIGGER formation_steps_insight_deleting
BEFORE DELETE ON formation_steps
FOR EACH ROW EXECUTE FUNCTION insight_step_deleting();
--> statement-breakpoint
CREATE TRIGGER feedback_insight_inserted
AFTER INSERT ON feedback REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_feedback_changed();
--> statement-breakpoint
CREATE TRIGGER feedback_insight_updated
AFTER UPDATE ON feedback REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_feedback_changed();
--> statement-breakpoint
CREATE TRIGGER feedback_insight_deleted
AFTER DELETE ON feedback REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_feedback_changed();
--> statement-breakpoint
CREATE TRIGGER manager_logs_insight_inserted
AFTER INSERT ON manager_logs REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_manager_logs_moved();
--> statement-breakpoint
CREATE TRIGGER manager_logs_insight_updated
AFTER UPDATE ON manager_logs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_manager_logs_moved();
--> statement-breakpoint
CREATE TRIGGER manager_logs_insight_deleted
AFTER DELETE ON manager_logs REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_manager_logs_moved();
--> statement-breakpoint
CREATE TRIGGER businesses_insight_truncated
AFTER TRUNCATE ON businesses
FOR EACH STATEMENT EXECUTE FUNCTION insight_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER formation_steps_insight_truncated
AFTER TRUNCATE ON formation_steps
FOR EACH STATEMENT EXECUTE FUNCTION insight_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER feedback_insight_truncated
AFTER TRUNCATE ON feedback
FOR EACH STATEMENT EXECUTE FUNCTION insight_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER manager_logs_insight_truncated
AFTER TRUNCATE ON manager_logs
FOR EACH STATEMENT EXECUTE FUNCTION insight_counts_truncated();
--> statement-breakpoint
-- The rows already there, counted once. Nothing they count may change meanwhile (another
-- instance still on the code before): the rows counted are exactly the rows there.
LOCK TABLE businesses, formation_steps, feedback, manager_logs IN SHARE MODE;
--> statement-breakpoint
SELECT insight_counts_rebuild();
