-- How many businesses a search term matches is what decides its plan: walk the newest rows
-- until a page is full (a common term), or look the term up in its trigram index and sort the
-- matches (a rare one). PostgreSQL tells them apart by matching the term against a sample of
-- search texts, the column's histogram: at the default 100 entries a term held by 1.5% of the
-- rows matched none and was planned as rare, so the quick jump's first 8 matches of such a term
-- fetched and sorted all 15 000 of them (3.7 s with a cold cache at 1 000 000 businesses,
-- against a few ms walking). A histogram of 1 000 texts tells 0.1% and up from rare
-- (docs/decisions/092-search-terms-planned-by-a-finer-sample.md).
ALTER TABLE "businesses" ALTER COLUMN "search_text" SET STATISTICS 1000;
