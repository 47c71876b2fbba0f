import type { CompanyConfig } from '@consign/api-client';
import { browserStorage } from '../store/shell-store';

/** localStorage key of the cached company config (SPEC.md section 3). */
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
