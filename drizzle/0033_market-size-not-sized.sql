-- An opportunity whose evidence counts no people or businesses who buy is not sized: its market
-- size is null, never a low score (issue 28).
ALTER TABLE "search_results" ALTER COLUMN "market_size" DROP NOT NULL;