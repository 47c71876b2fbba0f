/** Order exports: formats, job states, how long files and links last. */

/** The file formats of an order export. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** An export job: `queued`, `running` (rows being written), `succeeded` (file ready) or `failed`. */
export const EXPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
/** How long an export's file and job are kept. */
export const EXPORT_KEEP_DAYS = 7;
/** How long a download link of an export works. */
export const EXPORT_LINK_SECONDS = 60;
