-- The insights (docs/product.md §12.4): the steps approved or failed in the last days, found by
-- status and since when; the managers' logged actions of the last weeks, by time.
CREATE INDEX "formation_steps_status_since_idx" ON "formation_steps" USING btree ("status","status_since");--> statement-breakpoint
CREATE INDEX "manager_logs_created_idx" ON "manager_logs" USING btree ("created_at");