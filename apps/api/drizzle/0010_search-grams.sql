-- Searches of one or two characters (docs/decisions/033-searches-of-one-or-two-characters-and.md).
-- A trigram index has nothing to look up for them, so they read every row. This index holds, per
-- business, the set of its search text's characters and of its pairs of adjacent characters
-- ("grams"): a term of one or two characters is one of them exactly when the text contains it, so
-- `grams @> array[term]` finds the rows and LIKE rechecks them. Built-in functions only, so the
-- planner inlines the function: no SQL function call per row. Pairs come from two passes, at even
-- and at odd offsets, each cut at \x01.
CREATE OR REPLACE FUNCTION business_search_grams(search_text text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_to_array(search_text, NULL)
      || string_to_array(
           regexp_replace(search_text, '(..)', E'\\1\x01', 'g') || E'\x01'
             || regexp_replace(substr(search_text, 2), '(..)', E'\\1\x01', 'g'),
           E'\x01')
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_search_grams_idx" ON "businesses" USING gin (business_search_grams("search_text"));
