import { Hono } from 'hono';
import { consumeOAuthState, issueOAuthState } from '../db/oauth-state';
import { SUPPLIER_CODE } from '../db/platform-apps';
import { withDb } from '../db/scope';
import { saveSupplierAccount, supplierAccount } from '../db/supplier-account';
import type { ApiEnv, Deps } from '../env';
import { HttpProblem, MESSAGES, ok } from '../http/respond';
import { logged, recordChange } from '../middleware/audit';
import { database, scope } from '../middleware/authentication';
import { body } from '../middleware/validate';
import { type BuyerAuthorisation, SupplierError } from '../platforms/alibaba';

/** Where 1688 sends the seller's browser back to, in the admin app (`PUBLIC_URL` + this). */
export const SUPPLIER_AUTHORISED_PATH = '/supplier/authorised';

/** The seller's 1688 buyer account (代发设置 → 1688采购账号): its state, 连接 / 重新授权 by OAuth. */
export function supplierRoutes({
  now,
  platforms,
  secretBox,
  publicUrl,
}: Pick<Deps, 'now' | 'platforms' | 'secretBox' | 'publicUrl'>) {
  const nowS = () => Math.floor(now() / 1000);
  const caller = (c: Parameters<typeof scope>[0]) => {
    const auth = c.get('auth');
    if (!auth) throw new HttpProblem(401, MESSAGES.unauthorized);
    return auth;
  };
  const unavailable = () => new HttpProblem(409, '1688未启用或未配置开放平台应用，请联系管理员');

  return (
    new Hono<ApiEnv>()
      .post('/account', body('/api/supplier/account'), async (c) =>
        ok(c, await supplierAccount(scope(c), nowS())),
      )
      .post('/authorise', body('/api/supplier/authorise'), async (c) => {
        // In the call's transaction (audited): on PGlite a query beside it would wait for it.
        const connector = await platforms.supplier(database(c));
        if (!connector) throw unavailable();
        const state = await issueOAuthState(
          scope(c),
          { userId: caller(c).userId, platform: SUPPLIER_CODE },
          nowS(),
        );
        const url = connector.authoriseUrl({
          redirectUri: `${publicUrl()}${SUPPLIER_AUTHORISED_PATH}`,
          state,
        });
        recordChange(c, {
          target: { type: 'supplier_account', id: null, name: '1688' },
          before: null,
          after: null,
        });
        return ok(c, { url });
      })
      // Commits in parts (middleware/audit.ts): the state is taken back at once, whatever follows; 1688
      // is called outside any transaction; the account and its log entry commit together.
      .post('/authorise-callback', body('/api/supplier/authorise-callback'), async (c) => {
        const { state, code, error } = c.req.valid('json');
        const { userId } = caller(c);
        const taken = await consumeOAuthState(scope(c), { userId, platform: SUPPLIER_CODE, state }, nowS());
        if (!taken) {
          throw new HttpProblem(
            400,
            '授权请求无效、已使用或已过期（10 分钟内有效），1688账号未连接。请回到代发设置重新连接。',
          );
        }
        if (error || !code) {
          throw new HttpProblem(
            400,
            error === 'access_denied'
              ? '你在1688授权页选择了拒绝，1688账号未连接。'
              : `1688未完成授权（${error ?? '没有授权码'}），1688账号未连接。`,
          );
        }
        const connector = await platforms.supplier();
        if (!connector) throw unavailable();
        let auth: BuyerAuthorisation;
        try {
          auth = await connector.exchangeCode(code, `${publicUrl()}${SUPPLIER_AUTHORISED_PATH}`);
        } catch (thrown) {
          if (!(thrown instanceof SupplierError)) throw thrown;
          if (thrown.retryable) {
            throw new HttpProblem(502, `暂时无法连接1688完成授权（${thrown.message}），请稍后重新连接。`);
          }
          throw new HttpProblem(
            400,
            thrown.kind === 'auth'
              ? '1688拒绝了这次授权（授权码无效、已使用或已过期），1688账号未连接。请重新连接。'
              : `${thrown.message}，1688账号未连接。`,
          );
        }
        const account = await logged(c, (tx) =>
          saveSupplierAccount(withDb(scope(c), tx), secretBox, { auth, userId }, nowS()),
        );
        return ok(c, account);
      })
  );
}
