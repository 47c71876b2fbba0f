import { settingQuery } from '@consign/api-client/query';
import { useQuery } from '@tanstack/react-query';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { SYSTEM_COPY } from './copy';
import { DescriptionCard } from './description-list';

const t = SYSTEM_COPY.setting;
const onOff = (value: boolean | undefined) => (value === undefined ? undefined : value ? t.yes : t.no);

/** 代发设置 (first version: the settings as stored). */
export function DropshipSettingsPage() {
  const s = useQuery(settingQuery(useApi())).data;
  return (
    <DescriptionCard
      title={TITLES.systemSetting}
      intro={t.intro}
      items={[
        [t.autoPurchase, onOff(s?.auto_purchase)],
        [t.markup, s ? `${s.default_markup_percent}%` : undefined],
        [t.purchaseAccount, s ? s.purchase_account || t.none : undefined],
        [t.notifyMobile, s ? s.notify_mobile || t.none : undefined],
        [t.syncInterval, s ? t.minutes(s.sync_interval_minutes) : undefined],
        [t.autoSyncLogistics, onOff(s?.auto_sync_logistics)],
      ]}
    />
  );
}
