import type { CallFn } from '../client.js';
import { addressEndpoints } from './address.js';
import { authEndpoints, configEndpoints, userEndpoints } from './auth.js';
import { buyerEndpoints } from './buyer.js';
import { companyEndpoints } from './company.js';
import { copyEndpoints } from './copy.js';
import { dashboardEndpoints } from './dashboard.js';
import { exportEndpoints } from './export.js';
import { goodsEndpoints } from './goods.js';
import { logEndpoints } from './log.js';
import { notificationEndpoints } from './notification.js';
import { orderEndpoints } from './order.js';
import { settingEndpoints } from './setting.js';
import { shopEndpoints } from './shop.js';
import { sellerEndpoints, teamEndpoints } from './team.js';

/** Every typed call of the contract, grouped as `api.<group>.<call>`. */
export function createEndpoints(call: CallFn) {
  return {
    auth: authEndpoints(call),
    user: userEndpoints(call),
    config: configEndpoints(call),
    company: companyEndpoints(call),
    setting: settingEndpoints(call),
    order: orderEndpoints(call),
    address: addressEndpoints(call),
    buyer: buyerEndpoints(call),
    shop: shopEndpoints(call),
    goods: goodsEndpoints(call),
    copy: copyEndpoints(call),
    export: exportEndpoints(call),
    dashboard: dashboardEndpoints(call),
    log: logEndpoints(call),
    notification: notificationEndpoints(call),
    team: teamEndpoints(call),
    seller: sellerEndpoints(call),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;
