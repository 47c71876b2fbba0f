/**
 * The API contract: zod schemas and inferred types shared by the client, the reference server and
 * the app. Request types are the schemas' input types (what a caller may send); entity types are
 * the output types (what the server answers).
 */
export * from './auth.js';
export * from './balance.js';
export * from './buyer.js';
export * from './common.js';
export * from './company.js';
export * from './config.js';
export * from './copy.js';
export * from './dashboard.js';
export * from './envelope.js';
export * from './export.js';
export * from './fulfilment.js';
export * from './goods.js';
export * from './labels.js';
export * from './list.js';
export * from './log.js';
export * from './log-labels.js';
export * from './notification.js';
export * from './order.js';
export * from './order-entry.js';
export * from './payment-issue.js';
export * from './permissions.js';
export * from './profit.js';
export * from './purchase.js';
export * from './routes.js';
export * from './rules.js';
export * from './setting.js';
export * from './shop.js';
export * from './supplier.js';
export * from './team.js';
export * from './user.js';
