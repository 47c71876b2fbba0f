import { listSearchSchema } from '../../lib/list-search';

/** The address query of 代发订单. */
export const orderSearchSchema = listSearchSchema([
  'keyword',
  'status',
  'shop_id',
  'platform',
  'start_date',
  'end_date',
]);
export type OrderSearch = ReturnType<typeof orderSearchSchema>;

/** The address query of 售后订单. */
export const afterSaleSearchSchema = listSearchSchema([
  'keyword',
  'status',
  'type',
  'shop_id',
  'start_date',
  'end_date',
]);
export type AfterSaleSearch = ReturnType<typeof afterSaleSearchSchema>;
