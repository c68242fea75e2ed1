-- Notifications are listed newest first by time, ties by id (docs/product.md §10.3): ids need
-- not follow time (the seed writes past events; a transaction's now() is its start). The two
-- list indexes become (manager, [is_read,] created_at DESC, id DESC).
DROP INDEX "notifications_manager_idx";--> statement-breakpoint
DROP INDEX "notifications_manager_read_idx";--> statement-breakpoint
CREATE INDEX "notifications_manager_time_idx" ON "notifications" USING btree ("manager_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_manager_read_time_idx" ON "notifications" USING btree ("manager_id","is_read","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);