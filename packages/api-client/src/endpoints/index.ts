import type { CallFn } from '../client';
import { authEndpoints, configEndpoints, userEndpoints } from './auth';
import { companyEndpoints } from './company';
import { copyEndpoints } from './copy';
import { goodsEndpoints } from './goods';
import { orderEndpoints } from './order';
import { settingEndpoints } from './setting';
import { shopEndpoints } from './shop';

/** Every typed call of the contract, grouped as `api.<group>.<call>`. */
export function createEndpoints(call: CallFn) {
  return {
    auth: authEndpoints(call),
    user: userEndpoints(call),
    config: configEndpoints(call),
    company: companyEndpoints(call),
    setting: settingEndpoints(call),
    order: orderEndpoints(call),
    shop: shopEndpoints(call),
    goods: goodsEndpoints(call),
    copy: copyEndpoints(call),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;
