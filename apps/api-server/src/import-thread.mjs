// The entry of the import parser's worker threads (import-file.ts). Node starts a worker thread
// without the tsx loader the server runs under, so this plain module loads the TypeScript parser
// through tsx's API.
import { tsImport } from 'tsx/esm/api';

const parser = await tsImport('./import-parse.ts', import.meta.url);

export default parser.default;

/** Answers once the thread has started (and loaded the parser): import-file.ts waits for it. */
export const started = () => true;
