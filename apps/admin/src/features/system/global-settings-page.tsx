import { companyQuery } from '@consign/api-client/query';
import { useQuery } from '@tanstack/react-query';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { SYSTEM_COPY } from './copy';
import { DescriptionCard } from './description-list';

const t = SYSTEM_COPY.company;

/** 全局设置 (administrators; first version: the company profile as stored). */
export function GlobalSettingsPage() {
  const company = useQuery(companyQuery(useApi())).data;
  return (
    <DescriptionCard
      title={TITLES.systemGlobal}
      intro={t.intro}
      items={[
        [t.name, company?.name],
        [t.shortName, company?.short_name],
        [t.enName, company?.en_name],
        [t.logo, company?.logo_url],
        [t.footCopyright, company?.foot_copyright],
        [t.footInfo, company?.foot_info],
      ]}
    />
  );
}
