import { COPY_URLS_MAX, isHttpUrl } from '@consign/api-client';

/** The links of the text box: one per line, trimmed, http(s) only, no duplicates, at most 50. */
export function parseSourceUrls(text: string): string[] {
  const urls = text
    .split(/\s+/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && isHttpUrl(line));
  return [...new Set(urls)].slice(0, COPY_URLS_MAX);
}
