// TanStack Query factories for the reads; filled in by the api-client issue.
export {};
