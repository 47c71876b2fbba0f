import type { PurchaseItem } from '@consign/api-client';
import { fenAsYuan } from '@consign/api-client/contract';
import { withinPriceLimit } from '../db/purchase';
import { ALIBABA_CODES, type AlibabaConnector, SupplierError } from '../platforms/alibaba';

/**
 * 备用货源 (docs/design.md#备用货源): which 货源 each order line is bought from. A line whose SKU names a
 * 备用货源 has its first 货源 read on 1688 before the order is previewed; when that offer's spec is out
 * of stock (fewer than the line needs), off sale, or priced beyond 代发设置's 允许采购价上浮 of its linked
 * price, the 备用货源 is read and checked the same way against its own linked price, and bought
 * instead. When both fail the purchase is refused naming both reasons. Lines without a 备用货源 are
 * not read (the preview and order answer for them, as before).
 */

type Source = NonNullable<PurchaseItem['source']>;
type Backup = NonNullable<Source['backup']>;

export const SOURCE_WORDS = {
  outOfStock: (left: number) => `库存不足（剩余 ${left} 件）`,
  refusedOutOfStock: '1688供应商库存不足',
  offSale: '1688商品已下架',
  specGone: '1688商品的该规格已不存在',
  overLimit: (priceFen: number, costFen: number, rise: number) =>
    `采购价 ${fenAsYuan(priceFen)} 比货源价 ${fenAsYuan(costFen)} 上涨超过 ${rise}%`,
  both: (title: string, first: string, backup: string) =>
    `${title}：首选货源${first}；备用货源${backup}，未采购`,
  used: (title: string, first: string, offerId: string) =>
    `${title}：首选货源${first}，已改买备用货源（1688商品 ${offerId}）`,
  usedLines: (lines: readonly number[]) =>
    `${lines.map((index) => `第 ${index + 1} 件商品`).join('、')}已改买备用货源`,
};

/** Why `source` cannot be bought for `units` now (its offer read on 1688), or null when it can. */
export async function sourceProblem(
  connector: AlibabaConnector,
  token: string,
  source: Pick<Backup, 'offer_id' | 'spec_id' | 'cost'>,
  units: number,
  risePercent: number,
): Promise<string | null> {
  let offer: Awaited<ReturnType<AlibabaConnector['offer']>>;
  try {
    offer = await connector.offer(token, source.offer_id);
  } catch (error) {
    // 1688 refused the read (the offer does not exist): a reason, not a retry.
    if (error instanceof SupplierError && error.kind === 'refused') return error.message;
    throw error;
  }
  if (offer.status !== 'published') return SOURCE_WORDS.offSale;
  const spec = source.spec_id ? offer.skus.find((sku) => sku.specId === source.spec_id) : undefined;
  if (source.spec_id && !spec) return SOURCE_WORDS.specGone;
  const stock = spec ? spec.stock : offer.stock;
  const priceFen = spec ? spec.priceFen : offer.priceFen;
  if (stock < units) return SOURCE_WORDS.outOfStock(stock);
  if (!withinPriceLimit(priceFen, source.cost, risePercent)) {
    return SOURCE_WORDS.overLimit(priceFen, source.cost ?? 0, risePercent);
  }
  return null;
}

/** The outcome of choosing: the lines bought from their 备用货源 and, per line, why (for the order). */
export interface SourceChoice {
  backupLines: Set<number>;
  notes: string[];
}

/** A refusal naming both 货源's reasons. */
export class BothSourcesFailed extends Error {}

const lineTitle = (item: PurchaseItem) => item.title || item.goods_title || `第 ${item.index + 1} 件商品`;

/**
 * Switches line `item` to its 备用货源 because its first failed for `firstReason`: the 备用货源 is read
 * and checked; a problem there throws {@link BothSourcesFailed} naming both.
 */
async function useBackup(
  connector: AlibabaConnector,
  token: string,
  item: PurchaseItem,
  firstReason: string,
  risePercent: number,
  choice: SourceChoice,
) {
  const backup = item.source?.backup;
  if (!backup) return;
  const problem = await sourceProblem(connector, token, backup, item.quantity * backup.quantity, risePercent);
  if (problem) throw new BothSourcesFailed(SOURCE_WORDS.both(lineTitle(item), firstReason, problem));
  choice.backupLines.add(item.index);
  choice.notes.push(SOURCE_WORDS.used(lineTitle(item), firstReason, backup.offer_id));
}

/** Reads the first 货源 of every line that has a 备用货源, and switches those that cannot be bought. */
export async function chooseSources(
  connector: AlibabaConnector,
  token: string,
  items: PurchaseItem[],
  risePercent: number,
): Promise<SourceChoice> {
  const choice: SourceChoice = { backupLines: new Set(), notes: [] };
  for (const item of items) {
    const source = item.source;
    if (!source?.backup) continue;
    const problem = await sourceProblem(
      connector,
      token,
      source,
      item.quantity * source.quantity,
      risePercent,
    );
    if (problem) await useBackup(connector, token, item, problem, risePercent, choice);
  }
  return choice;
}

/** 1688 refused an order or preview for want of stock (`QUANTITY_NOT_ENOUGH`): nothing was placed. */
export function isOutOfStock(error: unknown): boolean {
  return error instanceof SupplierError && error.code === ALIBABA_CODES.outOfStock;
}

/**
 * 1688 answered out of stock for the cargo of `choice`: the lines still bought from a first 货源 that
 * have a 备用货源 switch to it (1688 does not say which line lacked stock). False when none could.
 */
export async function switchOutOfStock(
  connector: AlibabaConnector,
  token: string,
  items: PurchaseItem[],
  risePercent: number,
  choice: SourceChoice,
): Promise<boolean> {
  const switchable = items.filter((item) => item.source?.backup && !choice.backupLines.has(item.index));
  for (const item of switchable) {
    await useBackup(connector, token, item, SOURCE_WORDS.refusedOutOfStock, risePercent, choice);
  }
  return switchable.length > 0;
}
