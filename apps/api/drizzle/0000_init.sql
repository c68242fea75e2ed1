-- pg_trgm backs the search index; PGlite loads it from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"business_name" text NOT NULL,
	"business_industry" text,
	"business_description" text,
	"company_type" text,
	"country_of_incorporation" text,
	"state_of_incorporation" text,
	"incorporation_number" text,
	"incorporation_date" date,
	"new_business_formation_address" text,
	"tax_id" text,
	"national_identification_number" text,
	"company_website" text,
	"social_link" text,
	"is_registered_company" boolean DEFAULT false NOT NULL,
	"account_level" text DEFAULT 'UNPAID' NOT NULL,
	"has_manual_receipt" boolean DEFAULT false NOT NULL,
	"incorporation_status" text DEFAULT 'PENDING' NOT NULL,
	"current_activity_step" text,
	"current_activity_status" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "businesses_account_level_check" CHECK ("businesses"."account_level" in ('PAID', 'UNPAID')),
	CONSTRAINT "businesses_incorporation_status_check" CHECK ("businesses"."incorporation_status" in ('PENDING', 'PROCESSING', 'APPROVED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"document_title" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('kyc', 'kyb'))
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"business_id" integer NOT NULL,
	"status_item_id" integer,
	"feedback_title" text NOT NULL,
	"message_body" text NOT NULL,
	"attachment_file_name" text,
	"attachment_storage_key" text,
	"attachment_content_type" text,
	"attachment_size" integer,
	"file_url" text,
	"manager_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "formation_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"step_key" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"status_item_name" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "formation_steps_status_check" CHECK ("formation_steps"."status" in ('PENDING', 'PROCESSING', 'APPROVED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "manager_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"manager_id" integer,
	"manager_name" text NOT NULL,
	"action" text NOT NULL,
	"feedback_log_category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manual_payment_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"business_id" integer NOT NULL,
	"document_title" text DEFAULT 'Payment receipt' NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_payment_receipts_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"manager_id" integer NOT NULL,
	"business_id" integer,
	"message" text NOT NULL,
	"status" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "online_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"reference" text NOT NULL,
	"payment_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"verification_token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"reset_token_hash" text,
	"reset_expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shareholders" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"company_owner_full_name" text NOT NULL,
	"ownership_percentage" numeric(5, 2) NOT NULL,
	"is_company" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"country_of_residence" text,
	"state_of_residence" text,
	"residential_address" text,
	"zip_code" text,
	"phone_number" text,
	"referral_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('MANAGER', 'CLIENT', 'ADMIN'))
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_status_item_id_formation_steps_id_fk" FOREIGN KEY ("status_item_id") REFERENCES "public"."formation_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formation_steps" ADD CONSTRAINT "formation_steps_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formation_steps" ADD CONSTRAINT "formation_steps_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_logs" ADD CONSTRAINT "manager_logs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_logs" ADD CONSTRAINT "manager_logs_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_payment_receipts" ADD CONSTRAINT "manual_payment_receipts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareholders" ADD CONSTRAINT "shareholders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_created_idx" ON "businesses" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_user_idx" ON "businesses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "businesses_incorporation_idx" ON "businesses" USING btree ("incorporation_status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_account_level_idx" ON "businesses" USING btree ("account_level","has_manual_receipt","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_activity_idx" ON "businesses" USING btree ("current_activity_step","current_activity_status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_country_idx" ON "businesses" USING btree ("country_of_incorporation","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_type_idx" ON "businesses" USING btree ("company_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_search_trgm_idx" ON "businesses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "comments_business_idx" ON "comments" USING btree ("business_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_business_idx" ON "documents" USING btree ("business_id","kind");--> statement-breakpoint
CREATE INDEX "feedback_business_idx" ON "feedback" USING btree ("business_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_status_item_idx" ON "feedback" USING btree ("status_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "formation_steps_business_step_key" ON "formation_steps" USING btree ("business_id","step_key");--> statement-breakpoint
CREATE INDEX "manager_logs_business_idx" ON "manager_logs" USING btree ("business_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "manual_payment_receipts_business_idx" ON "manual_payment_receipts" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "notifications_manager_idx" ON "notifications" USING btree ("manager_id","is_read","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "online_payments_business_idx" ON "online_payments" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_verification_token_key" ON "password_resets" USING btree ("verification_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_reset_token_key" ON "password_resets" USING btree ("reset_token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shareholders_business_idx" ON "shareholders" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");