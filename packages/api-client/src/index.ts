export * from './contract';
export type { SignableFields } from './sign';
export { canonicalString, createNonce, signPayload, unixSeconds, verifySignature } from './sign';
