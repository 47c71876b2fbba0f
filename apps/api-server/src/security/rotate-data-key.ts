import type { Db } from '../db/db';
import { resealAppSecrets } from '../db/platform-apps';
import { resealShopTokens } from '../db/shop-tokens';
import { resealSupplierTokens } from '../db/supplier-account';
import type { SecretBox } from './secret-box';

/**
 * The key rotation: re-seals every platform app secret (`platform_auths.app_secret`, clear text
 * included) and every shop token (`shops.access_token_sealed`, `refresh_token_sealed`) not sealed under
 * `next` (and the 1688 buyer accounts' tokens, `supplier_accounts`), opening it with `previous`, in ONE transaction: a value that opens under neither key (or
 * anything else going wrong) rolls it all back and throws, and then nothing changed. Values already
 * under `next` are left alone, so running it again (after a crash, say) is harmless.
 */
export async function rotateDataKey(
  db: Db,
  previous: SecretBox,
  next: SecretBox,
): Promise<{ appSecrets: number; shopTokens: number; supplierTokens: number }> {
  if (previous.keyId === next.keyId) throw new Error('The old and the new key are the same key.');
  return db.transaction(
    async (tx) => ({
      appSecrets: await resealAppSecrets(tx, previous, next),
      shopTokens: await resealShopTokens(tx, previous, next),
      supplierTokens: await resealSupplierTokens(tx, previous, next),
    }),
    { retry: false },
  );
}
