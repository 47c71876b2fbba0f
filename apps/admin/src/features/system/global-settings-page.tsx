import { TITLES } from '../../copy';
import { BannersSection } from './banners-section';
import { CompanySection } from './company-form';

/** 全局设置 (administrators): the company profile with a live preview, and the login banners. */
export function GlobalSettingsPage() {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-lg font-semibold">{TITLES.systemGlobal}</h1>
      <CompanySection />
      <BannersSection />
    </div>
  );
}
