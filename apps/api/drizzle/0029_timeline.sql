-- One timeline per business (docs/decisions/106-one-timeline-one-union-query-with-a-keyset.md):
-- the kind of a manager's log entry, read from what every write already records (its action and
-- category), so that the timeline filters by kind on an index and no column or table is kept
-- beside the log. The contract's timelineKinds name the same kinds; a test holds both together.
CREATE OR REPLACE FUNCTION timeline_kind(action text, category text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN action LIKE 'Sent feedback %' THEN 'feedback'
    WHEN action LIKE 'Uploaded %' THEN 'upload'
    WHEN category = 'Comment' THEN 'comment'
    WHEN category = 'Business Details' THEN 'edit'
    WHEN category = 'Assignment' THEN 'assignment'
    ELSE 'step'
  END
$$;
--> statement-breakpoint
CREATE INDEX "manager_logs_timeline_kind_idx" ON "manager_logs" USING btree ("business_id",timeline_kind("action", "feedback_log_category"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_events_client_idx" ON "notification_events" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notification_events"."actor_id" is null;