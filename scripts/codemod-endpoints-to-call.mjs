// One-off, for merging branches written against the removed endpoint groups: rewrites
// `x.<group>.<call>(...)` into `x.call('<path>', ...)`. `node scripts/codemod-endpoints-to-call.mjs $(git ls-files '*.ts' '*.tsx')`,
// then `pnpm format`. Delete once every branch is merged.
import { readFileSync, writeFileSync } from 'node:fs';

const BODY = {
  'auth.sendCode': '/api/default/send-code',
  'auth.login': '/api/default/login',
  'user.info': '/api/user/info',
  'setting.update': '/api/setting/update',
  'company.update': '/api/company/update',
  'company.adSave': '/api/company/ad-save',
  'company.platformSave': '/api/company/platform-save',
  'company.platformAuthSave': '/api/company/platform-auth-save',
  'order.index': '/api/order/index',
  'order.afterSale': '/api/order/after-sale',
  'order.detail': '/api/order/detail',
  'order.purchase': '/api/order/purchase',
  'order.ship': '/api/order/ship',
  'order.complete': '/api/order/complete',
  'order.cancel': '/api/order/cancel',
  'order.receivers': '/api/order/receivers',
  'order.address': '/api/order/address',
  'order.batchPurchase': '/api/order/batch-purchase',
  'order.batchShip': '/api/order/batch-ship',
  'order.batchCancel': '/api/order/batch-cancel',
  'order.afterSaleRefund': '/api/order/after-sale-refund',
  'order.afterSaleReject': '/api/order/after-sale-reject',
  'order.afterSaleReceive': '/api/order/after-sale-receive',
  'address.index': '/api/address/index',
  'address.save': '/api/address/save',
  'address.del': '/api/address/del',
  'buyer.index': '/api/buyer/index',
  'buyer.blacklistIndex': '/api/buyer/blacklist-index',
  'buyer.blacklistSave': '/api/buyer/blacklist-save',
  'buyer.blacklistDel': '/api/buyer/blacklist-del',
  'export.create': '/api/export/create',
  'export.index': '/api/export/index',
  'export.downloadUrl': '/api/export/download-url',
  'team.roleIndex': '/api/team/role-index',
  'team.roleSave': '/api/team/role-save',
  'team.roleDel': '/api/team/role-del',
  'team.memberIndex': '/api/team/member-index',
  'team.memberSave': '/api/team/member-save',
  'team.memberStatus': '/api/team/member-status',
  'team.memberDel': '/api/team/member-del',
  'seller.index': '/api/seller/index',
  'seller.status': '/api/seller/status',
  'shop.index': '/api/shop/index',
  'shop.groupIndex': '/api/shop/group-index',
  'shop.groupSave': '/api/shop/group-save',
  'shop.groupDel': '/api/shop/group-del',
  'shop.move': '/api/shop/move',
  'goods.index': '/api/goods/index',
  'goods.detail': '/api/goods/detail',
  'goods.save': '/api/goods/save',
  'copy.index': '/api/copy/index',
  'copy.create': '/api/copy/create',
  'log.index': '/api/log/index',
  'order.create': '/api/order/create',
  'order.afterSaleDetail': '/api/order/after-sale-detail',
  'order.writebackRetry': '/api/order/writeback-retry',
  'order.receiverDecrypt': '/api/order/receiver-decrypt',
  'shop.authorise': '/api/shop/authorise',
  'shop.authoriseCallback': '/api/shop/authorise-callback',
  'shop.toggle': '/api/shop/toggle',
  'shop.sync': '/api/shop/sync',
  'notification.index': '/api/notification/index',
  'notification.read': '/api/notification/read',
  'user.profileSave': '/api/user/profile-save',
  'user.accountSave': '/api/user/account-save',
};
const NO_BODY = {
  'auth.logout': '/api/default/logout',
  'config.get': '/api/default/config',
  'dashboard.summary': '/api/dashboard/summary',
  'setting.index': '/api/setting/index',
  'company.index': '/api/company/index',
  'company.platformList': '/api/company/platform-list',
  'shop.platforms': '/api/shop/platforms',
  'notification.unreadCount': '/api/notification/unread-count',
  'notification.readAll': '/api/notification/read-all',
  'user.profile': '/api/user/profile',
};
const QUERY = {
  'company.adDel': '/api/company/ad-del',
  'company.platformDel': '/api/company/platform-del',
  'company.platformAuthDel': '/api/company/platform-auth-del',
  'company.platformAuthList': '/api/company/platform-auth-list',
};
const FILE = {
  'order.importPreview': '/api/order/import-preview',
  'order.importApply': '/api/order/import-apply',
};
const BODY_QUERY = new Set(['company.adSave', 'company.platformSave', 'company.platformAuthSave']);

/** The top-level arguments of the call whose `(` is at `open`, and the index of its `)`. */
function args(src, open) {
  let depth = 0,
    start = open + 1,
    out = [],
    quote = null;
  for (let i = open; i < src.length; i++) {
    const ch = src[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') {
      quote = ch;
      continue;
    }
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) {
      depth--;
      if (depth === 0) {
        const last = src.slice(start, i);
        if (last.trim()) out.push(last);
        return { list: out.map((a) => a.trim()).filter(Boolean), close: i };
      }
    } else if (ch === ',' && depth === 1) {
      out.push(src.slice(start, i));
      start = i + 1;
    }
  }
  throw new Error('unbalanced');
}
const re =
  /\b([A-Za-z_$][\w$]*(?:\((?:[^()]|\([^()]*\))*\))?)(\s*)\.(auth|user|config|company|setting|order|address|buyer|shop|goods|copy|export|dashboard|log|team|seller|notification)\s*\.([A-Za-z]+)\(/g;
for (const file of process.argv.slice(2)) {
  const src = readFileSync(file, 'utf8');
  let changed = false,
    m;
  re.lastIndex = 0;
  let out = '',
    pos = 0;
  for (m = re.exec(src); m; m = re.exec(src)) {
    const key = `${m[3]}.${m[4]}`;
    const path = BODY[key] ?? NO_BODY[key] ?? QUERY[key] ?? FILE[key];
    if (!path || ['queryKeys', 'f', 'c', 'copy', 'COPY'].includes(m[1])) continue;
    const open = m.index + m[0].length - 1;
    const { list, close } = args(src, open);
    let a;
    if (BODY[key]) {
      if (BODY_QUERY.has(key) && list.length > 1) {
        const [body, query, opts] = list;
        a = [body, opts ? `{ ...${opts}, query: ${query} }` : `{ query: ${query} }`];
      } else a = list;
    } else if (NO_BODY[key]) a = list.length ? ['{}', ...list] : [];
    else if (QUERY[key]) {
      const [q, opts] = list;
      a = ['{}', opts ? `{ ...${opts}, query: ${q} }` : `{ query: ${q} }`];
    } else {
      const [f, opts] = list;
      a = [`{ file: ${f} }`, ...(opts ? [opts] : [])];
    }
    out += `${src.slice(pos, m.index)}${m[1]}${m[2]}.call('${path}'${a.length ? `, ${a.join(', ')}` : ''})`;
    pos = close + 1;
    re.lastIndex = pos;
    changed = true;
  }
  if (changed) {
    writeFileSync(file, out + src.slice(pos));
    console.log('rewrote', file);
  }
}
