-- 1688's 铺货关系: the offers an account's 1688 buyer account has added to its 铺货列表
-- (alibaba.cross.syncProductListPushed), which alibaba.cross.productInfo needs before it answers an
-- offer (docs/design.md#purchasing-on-1688-and-product-copy). Kept so that the relation is
-- established before an account's first read of an offer and not again on every read; a read that
-- 1688 still refuses with 没有该商品的查询权限 establishes it again once and reads again.
CREATE TABLE offer_relations (
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  offer_id text NOT NULL,
  established_at bigint NOT NULL,
  PRIMARY KEY (account_id, offer_id)
);
