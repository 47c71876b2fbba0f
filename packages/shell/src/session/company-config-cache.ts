import { type CompanyConfig, EMBEDDED_COMPANY_CONFIG_ID } from '@consign/api-client';
import { browserStorage } from '../store/shell-store';

/** localStorage key of the cached company config (docs/product.md#entities). */
export const COMPANY_CONFIG_KEY = 'companyConfig';

function isCompanyConfig(value: unknown): value is CompanyConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.short_name === 'string' &&
    typeof v.foot_copyright === 'string' &&
    typeof v.foot_info === 'string' &&
    Array.isArray(v.ad_list)
  );
}

/** The config cached by the last visit, or undefined (nothing stored, unreadable or not a config). */
export function readCachedCompanyConfig(): CompanyConfig | undefined {
  try {
    const raw = browserStorage()?.getItem(COMPANY_CONFIG_KEY);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isCompanyConfig(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedCompanyConfig(config: CompanyConfig): void {
  try {
    browserStorage()?.setItem(COMPANY_CONFIG_KEY, JSON.stringify(config));
  } catch {
    // Quota: the next visit just paints without branding until the fetch answers.
  }
}

/**
 * The config the server embedded in the page (`EMBEDDED_COMPANY_CONFIG_ID`), taken once: the first
 * call removes the element and writes the config to the localStorage cache, later calls return
 * undefined (the page's copy only describes the moment the page loaded; afterwards the cache and the
 * API are the sources). Undefined when absent or not a config.
 */
export function takeEmbeddedCompanyConfig(): CompanyConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(EMBEDDED_COMPANY_CONFIG_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    if (!isCompanyConfig(parsed)) return undefined;
    writeCachedCompanyConfig(parsed);
    return parsed;
  } catch {
    return undefined;
  }
}

/**
 * Where a page's config starts: the server's embedded copy (fresh: `updatedAt` now), else the cached
 * copy of the last visit (stale: `updatedAt` 0, to be refetched), else nothing.
 */
export function initialCompanyConfig(): { config: CompanyConfig | undefined; updatedAt: number } {
  const embedded = takeEmbeddedCompanyConfig();
  if (embedded) return { config: embedded, updatedAt: Date.now() };
  return { config: readCachedCompanyConfig(), updatedAt: 0 };
}
