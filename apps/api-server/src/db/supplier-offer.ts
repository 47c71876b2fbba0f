import { offerIdOf, type SupplierOffer as SupplierOfferView } from '@consign/api-client';
import { HttpProblem } from '../http/respond';
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

/**
 * What a seller pasted (a 1688 offer link or id) read for them as the contract answers it: 400 for text
 * that names no offer, 502 when 1688 is busy or unreachable, 409 for the rest (`offerReadFailure`).
 * The one read behind `goods/supplier-offer` (商品编辑's 货源) and `purchase/offer` (an order's 关联货源).
 */
export async function offerForSeller(
  deps: { db: Queryable; box: SecretBox; platforms: PlatformRegistry },
  accountId: number,
  text: string,
  nowS: number,
): Promise<SupplierOfferView> {
  const offerId = offerIdOf(text);
  if (!offerId) {
    throw new HttpProblem(
      400,
      '请填写1688商品链接或商品ID，例如 https://detail.1688.com/offer/610000000001.html',
    );
  }
  try {
    return supplierOfferView(await readSupplierOffer(deps, accountId, offerId, nowS));
  } catch (error) {
    if (!(error instanceof SupplierError)) throw error;
    throw new HttpProblem(error.retryable ? 502 : 409, offerReadFailure(error));
  }
}
