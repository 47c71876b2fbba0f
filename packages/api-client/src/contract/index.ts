/**
 * The API contract: zod schemas and inferred types shared by the client, the reference server and
 * the app. Request types are the schemas' input types (what a caller may send); entity types are
 * the output types (what the server answers).
 */
export * from './auth';
export * from './common';
export * from './company';
export * from './config';
export * from './copy';
export * from './envelope';
export * from './goods';
export * from './list';
export * from './order';
export * from './routes';
export * from './setting';
export * from './shop';
export * from './user';
