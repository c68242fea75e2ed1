DROP INDEX "feedback_status_item_idx";--> statement-breakpoint
CREATE INDEX "feedback_attachment_key_idx" ON "feedback" USING btree ("attachment_storage_key") WHERE "feedback"."attachment_storage_key" is not null;--> statement-breakpoint
CREATE INDEX "feedback_status_item_idx" ON "feedback" USING btree ("status_item_id","created_at" DESC NULLS LAST);