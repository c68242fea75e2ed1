-- The maintained counts (migration 0009) gain the country and the company type, so that a list
-- filtered by them (with a tab, the payment and activity filters, in any mix) is totalled by a sum
-- over `business_counts` instead of a count over up to 10 000 businesses: 25–75 ms of PostgreSQL
-- each at 1 000 000 businesses, the filters' p99 in a manager's day
-- (docs/decisions/094-filter-totals-from-the-maintained-counts.md). About 1 100 combinations at
-- that size, against ~150 without them.
ALTER TABLE "business_counts" ADD COLUMN "country_of_incorporation" text;--> statement-breakpoint
ALTER TABLE "business_counts" ADD COLUMN "company_type" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION business_counts_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO business_counts (incorporation_status, account_level, has_manual_receipt,
                                 current_activity_step, current_activity_status,
                                 country_of_incorporation, company_type, n)
    SELECT incorporation_status, account_level, has_manual_receipt,
           current_activity_step, current_activity_status,
           country_of_incorporation, company_type, count(*)
      FROM new_rows
     GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ELSE
    INSERT INTO business_counts (incorporation_status, account_level, has_manual_receipt,
                                 current_activity_step, current_activity_status,
                                 country_of_incorporation, company_type, n)
    SELECT incorporation_status, account_level, has_manual_receipt,
           current_activity_step, current_activity_status,
           country_of_incorporation, company_type, -count(*)
      FROM old_rows
     GROUP BY 1, 2, 3, 4, 5, 6, 7;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION business_counts_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO business_counts (incorporation_status, account_level, has_manual_receipt,
                               current_activity_step, current_activity_status,
                               country_of_incorporation, company_type, n)
  SELECT incorporation_status, account_level, has_manual_receipt,
         current_activity_step, current_activity_status,
         country_of_incorporation, company_type, sum(d)
    FROM (SELECT incorporation_status, account_level, has_manual_receipt,
                 current_activity_step, current_activity_status,
                 country_of_incorporation, company_type, 1 AS d FROM new_rows
          UNION ALL
          SELECT incorporation_status, account_level, has_manual_receipt,
                 current_activity_step, current_activity_status,
                 country_of_incorporation, company_type, -1 FROM old_rows) AS moved
   GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(d) <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Counted again with the new columns. No business may change meanwhile (another instance still on
-- the code before): the rows counted are exactly the rows there.
LOCK TABLE businesses IN SHARE MODE;--> statement-breakpoint
DELETE FROM business_counts;--> statement-breakpoint
INSERT INTO business_counts (incorporation_status, account_level, has_manual_receipt,
                             current_activity_step, current_activity_status,
                             country_of_incorporation, company_type, n)
SELECT incorporation_status, account_level, has_manual_receipt,
       current_activity_step, current_activity_status,
       country_of_incorporation, company_type, count(*)
  FROM businesses
 GROUP BY 1, 2, 3, 4, 5, 6, 7;
