-- The list's orders by the columns it shows (docs/product.md §11.5;
-- docs/decisions/115-sort-by-any-column-shown.md): the business name, the owner's email, the type
-- and the country, each both ways, ties by id. Each order reads one index of businesses in order,
-- so a page is a keyset seek on it (decision 30's anchors) and a filtered page is filtered on the
-- index alone (the filters' columns ride along, as on the step age's index, migration 0028).
-- The text keys compare byte-wise (collate "C"): every database, PGlite's and PostgreSQL's
-- whatever its locale, orders alike, and the anchors' text compares as the index does.
--
-- The owner's email lives in users: it is kept beside the business, lower-cased (the order is
-- case-insensitive), derived by the database as search_text is (migration 0005). Its own trigger,
-- so that derive_business_columns() stays as migration 0028 left it; it fires after that one
-- (triggers of one kind fire in name order), and not at all when that one skips a touch that
-- changes nothing. An owner's new email touches the owner's businesses (users_touch_businesses,
-- migration 0005), which derives it again.
ALTER TABLE "businesses" ADD COLUMN "owner_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION derive_business_owner_email() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(u.email) INTO NEW.owner_email FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_derive_owner_email
BEFORE INSERT OR UPDATE ON businesses
FOR EACH ROW EXECUTE FUNCTION derive_business_owner_email();
--> statement-breakpoint
-- The businesses already there. The update derives every other column again, to the same values.
UPDATE "businesses" b SET "owner_email" = lower(u."email")
  FROM "users" u
 WHERE u."id" = b."user_id";
--> statement-breakpoint
-- The name's key is an expression, lower(): PostgreSQL reads an index on an expression alone (an
-- index-only scan) only when it holds the columns the expression reads, so business_name rides
-- along too. Without it each entry read fetched its row: page 1 000 of tens by name walked its
-- offset in 1.5 s at 1 000 000 businesses, against 40 ms with it (bench/README.md).
CREATE INDEX "businesses_name_order_idx" ON "businesses" USING btree ((lower("business_name") collate "C"),"id")
  INCLUDE ("business_name", "country_of_incorporation", "company_type", "account_level", "has_manual_receipt",
           "current_activity_step", "current_activity_status", "incorporation_status", "assignee_id");--> statement-breakpoint
CREATE INDEX "businesses_email_order_idx" ON "businesses" USING btree (("owner_email" collate "C"),"id")
  INCLUDE ("country_of_incorporation", "company_type", "account_level", "has_manual_receipt",
           "current_activity_step", "current_activity_status", "incorporation_status", "assignee_id");--> statement-breakpoint
CREATE INDEX "businesses_type_order_idx" ON "businesses" USING btree (("company_type" collate "C"),"id")
  INCLUDE ("country_of_incorporation", "account_level", "has_manual_receipt",
           "current_activity_step", "current_activity_status", "incorporation_status", "assignee_id");--> statement-breakpoint
CREATE INDEX "businesses_country_order_idx" ON "businesses" USING btree (("country_of_incorporation" collate "C"),"id")
  INCLUDE ("company_type", "account_level", "has_manual_receipt",
           "current_activity_step", "current_activity_status", "incorporation_status", "assignee_id");
