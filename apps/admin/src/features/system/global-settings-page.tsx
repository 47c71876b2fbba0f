import { usePageTitle } from '../../common/page-title';
import { FeesEditCard } from '../balance/fees-card';
import { BannersSection } from './banners-section';
import { CompanySection } from './company-form';
import { FeaturedSection } from './featured-section';
import { PlatformsSection } from './platforms-section';

/**
 * 全局设置 (administrators): the company profile with a live preview, the login banners, and the
 * platforms with their authorisations, 平台精选 (the 1688 offers sellers copy from), and 代发服务费 (what a purchased order pays from the balance).
 */
export function GlobalSettingsPage() {
  const title = usePageTitle();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-lg font-semibold">{title}</h1>
      <CompanySection />
      <BannersSection />
      <PlatformsSection />
      <FeaturedSection />
      {/* balance: 代发服务费 */}
      <FeesEditCard />
    </div>
  );
}
