/**
 * The API contract: zod schemas and inferred types shared by the client, the reference server and
 * the app. Request types are the schemas' input types (what a caller may send); entity types are
 * the output types (what the server answers).
 */
export * from './addresses.js';
export * from './after-sale-rules.js';
export * from './auth.js';
export * from './balance.js';
export * from './balance-rules.js';
export * from './buyer.js';
export * from './buyer-rules.js';
export * from './carriers.js';
export * from './common.js';
export * from './company.js';
export * from './config.js';
export * from './copy.js';
export * from './dashboard.js';
export * from './envelope.js';
export * from './export.js';
export * from './export-rules.js';
export * from './finance-rules.js';
export * from './fulfilment.js';
export * from './goods.js';
export * from './goods-rules.js';
export * from './labels.js';
export * from './limits.js';
export * from './list.js';
export * from './log.js';
export * from './log-labels.js';
export * from './mobile.js';
export * from './money.js';
export * from './notification.js';
export * from './notification-rules.js';
export * from './offers.js';
export * from './order.js';
export * from './order-entry.js';
export * from './order-exception-rules.js';
export * from './order-filters.js';
export * from './order-rules.js';
export * from './payment-issue.js';
export * from './permissions.js';
export * from './profit.js';
export * from './purchase.js';
export * from './purchase-fields.js';
export * from './purchase-rules.js';
export * from './routes.js';
export * from './session-rules.js';
export * from './setting.js';
export * from './shop.js';
export * from './shop-rules.js';
export * from './spec-match.js';
export * from './supplier.js';
export * from './team.js';
export * from './time.js';
export * from './urls.js';
export * from './user.js';
export * from './writeback-rules.js';
