import type { SupplierOffer as SupplierOfferView } from '@consign/api-client';
import { SupplierError, type SupplierOffer } from '../platforms/alibaba';
import type { PlatformRegistry } from '../platforms/registry';
import type { SecretBox } from '../security/secret-box';
import type { Queryable } from './db';
import { supplierAccessToken } from './supplier-account';

/** What a seller reads when 1688 is disabled or has no usable app in 全局设置. */
export const SUPPLIER_UNAVAILABLE = '1688未启用或未配置开放平台应用，请联系管理员';

/**
 * Reads a 1688 offer through the seller account's connected 1688 buyer account (商品编辑's 货源, 商品复制,
 * 平台精选). A `SupplierError`: `auth` without a connected (or with an expired) account, `invalid` when
 * 1688 is not set up, else the connector's. Never inside a transaction (it calls 1688).
 */
export async function readSupplierOffer(
  deps: { db: Queryable; box: SecretBox; platforms: PlatformRegistry },
  accountId: number,
  offerId: string,
  nowS: number,
): Promise<SupplierOffer> {
  const connector = await deps.platforms.supplier(deps.db);
  if (!connector) throw new SupplierError('invalid', SUPPLIER_UNAVAILABLE, 'unavailable');
  const token = await supplierAccessToken(deps.db, deps.box, connector, accountId, nowS);
  return connector.offer(token, offerId);
}

/** An offer as the contract answers it (`/api/goods/supplier-offer`). */
export function supplierOfferView(offer: SupplierOffer): SupplierOfferView {
  return {
    offer_id: offer.offerId,
    title: offer.title,
    images: offer.images,
    on_sale: offer.status === 'published',
    price: offer.priceFen,
    stock: Math.max(0, offer.stock),
    specs: offer.skus.map((sku) => ({
      spec_id: sku.specId,
      spec: sku.spec,
      price: sku.priceFen,
      stock: Math.max(0, sku.stock),
    })),
  };
}

/** A failed offer read in the seller's words (a read is not retried by itself: the seller tries again). */
export function offerReadFailure(error: SupplierError): string {
  if (error.retryable || error.kind === 'token_expired') {
    return '暂时无法读取1688商品（1688繁忙或连接失败），请稍后再试';
  }
  return error.message;
}
