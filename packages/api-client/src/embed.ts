// No zod here: the app's first paint imports this module (see `isBannerActive` in contract/session-rules.ts).
/**
 * The id of the `<script type="application/json">` element in which a server that serves the app's
 * index.html may embed the current `CompanyConfig` (the answer of `default/config`), so that the first
 * paint of a first visit already carries the branding instead of waiting for the call. Optional: a
 * client without it fetches `default/config` as usual. `<`, `>` and `&` are escaped (`\u003c`...),
 * so the JSON can never close the element.
 */
export const EMBEDDED_COMPANY_CONFIG_ID = 'consign-company-config';

/** The element text for `EMBEDDED_COMPANY_CONFIG_ID`: JSON, safe inside a `<script>` element. */
export function embeddableJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
