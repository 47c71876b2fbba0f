import type { DecryptedReceiver } from '@consign/api-client';
import type { Saved } from '../db/log';
import { inShops, notFound, type Scope } from '../db/scope';
import { HttpProblem } from '../http/respond';
import type { PlatformBudgets } from './budgets';
import { PLATFORM_NAMES, type PlatformCode, PlatformError } from './connector';
import type { ConnectorFor, ShopCalls } from './shop-calls';

/** What 查看完整收货信息 answers (409) for an order whose receiver the platform did not encrypt. */
export const NO_RECEIVER_CIPHER_MESSAGE = '该订单没有平台加密的收货信息';

/**
 * 查看完整收货信息: decrypts the receiver of the account's platform order `id` (`orders.receiver_cipher`,
 * `{ name, mobile, address }` as the sync stored it) through the platform (`connector.decrypt`, which
 * counts against the shop's quota), with the shop's token. Nothing is stored; the operation log gets that
 * it was viewed, never the plaintext. Each view spends one of the account's `receiver_decrypt` budget
 * (platforms/budgets.ts: 429 when spent, so one account cannot spend the shared app's decrypt quota). A
 * spent platform quota is 429 with the platform's message; the platform unavailable 503; an order
 * without ciphertext, a shop without authorisation or a refusal 409.
 */
export async function decryptReceiver(
  scope: Scope,
  id: number,
  platforms: { connectorFor: ConnectorFor; shopCalls: ShopCalls; budgets: PlatformBudgets; nowS: number },
): Promise<Saved<DecryptedReceiver>> {
  const params: unknown[] = [id, scope.accountId];
  const [order] = await scope.db.query<{
    order_no: string;
    platform_order_no: string | null;
    receiver_cipher: { name?: string; mobile?: string; address?: string } | null;
    shop_id: number;
    platform: string;
  }>(
    `SELECT o.order_no, o.platform_order_no, o.receiver_cipher, o.shop_id, s.platform
     FROM orders o JOIN shops s ON s.id = o.shop_id
     WHERE o.id = $1 AND o.account_id = $2${inShops(scope, 'o.shop_id', params)}`,
    params,
  );
  if (!order) throw notFound();
  const cipher = order.receiver_cipher;
  const platform = order.platform as PlatformCode;
  const name = PLATFORM_NAMES[platform];
  if (!name || !order.platform_order_no || !cipher?.name || !cipher.mobile || !cipher.address) {
    throw new HttpProblem(409, NO_RECEIVER_CIPHER_MESSAGE);
  }
  const connector = await platforms.connectorFor(platform);
  if (!connector) throw new HttpProblem(409, `${name}平台未启用或未配置，无法解密收货信息`);
  const tokens = await platforms.shopCalls.tokens(order.shop_id);
  if (!tokens) throw new HttpProblem(409, `店铺未授权${name}，无法解密收货信息，请先授权店铺`);
  await platforms.budgets.spend(scope.db, 'receiver_decrypt', scope.accountId, platforms.nowS);
  const orderNo = order.platform_order_no;
  const texts = [cipher.name, cipher.mobile, cipher.address];
  let results: Awaited<ReturnType<typeof connector.decrypt>>;
  try {
    results = await platforms.shopCalls.withToken(order.shop_id, connector, tokens, (token) =>
      connector.decrypt(
        token,
        texts.map((ciphertext) => ({ orderNo, ciphertext })),
      ),
    );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    throw new HttpProblem(error.kind === 'quota' ? 429 : error.retryable ? 503 : 409, error.message);
  }
  const plain = texts.map((ciphertext) => results.find((result) => result.ciphertext === ciphertext));
  const refused = plain.find((result) => !result?.ok);
  if (refused || plain.length !== 3) {
    throw new HttpProblem(409, refused && !refused.ok ? refused.message : `${name}未能解密收货信息`);
  }
  const [receiverName, mobile, address] = plain.map((result) => (result?.ok ? result.plaintext : ''));
  return {
    row: { name: receiverName ?? '', mobile: mobile ?? '', address: address ?? '' },
    change: {
      target: { type: 'order', id, name: order.order_no },
      before: {},
      after: { receiver: '查看了完整收货信息' },
    },
  };
}
