-- 1688 product messages (jobs/monitor.ts `lookNow`, docs/design.md#1688-product-messages): the SKUs of
-- an account that follow an offer, found by this index rather than by scanning the account's SKUs.
CREATE INDEX goods_skus_supplier_offer_idx ON goods_skus (account_id, supplier_offer_id)
  WHERE supplier_offer_id IS NOT NULL;
