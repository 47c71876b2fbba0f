-- The platform app that authorised a shop (its client id, `platform_auths.app_key`), written by the
-- authorisation (db/shop.ts saveAuthorisedShop): 密文代发 names it to 1688 as the app that may decrypt
-- the shop's receiver ciphertexts (docs/design.md, 密文代发). NULL: authorised before it was kept.
ALTER TABLE shops ADD COLUMN platform_app_key text;

-- 需拦截: an after-sale opened on the order after it was bought on 1688 and before the supplier shipped
-- (unix s; NULL: nothing to intercept). Set by the shop sync, shown on the order until it ships.
ALTER TABLE order_purchases ADD COLUMN intercept_at bigint;
