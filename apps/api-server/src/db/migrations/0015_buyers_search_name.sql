-- 买家管理's keyword matched a part of the receiver mobile through the search column, which let a
-- masked mobile (156****8164) be recovered digit by digit with a few searches. The keyword now matches
-- the buyer name in part, and the mobile only as the whole number (db/buyer.ts, by the primary key's
-- column), so the search column holds the name alone.
ALTER TABLE buyers
  DROP COLUMN search,
  ADD COLUMN search text GENERATED ALWAYS AS (lower(buyer_name)) STORED;
