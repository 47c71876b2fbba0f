import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { dateFilter, idFilter } from '../../../common/list/define-list';
import { ProfitReportPage } from '../../../features/profit/profit-report-page';

/** 利润报表: the period and the shop are in the address (no period: the last 30 days). */
export const Route = createFileRoute('/_authed/dashboard/profit')({
  staticData: { title: '利润报表', permission: 'finance:view', menu: { order: 40 } },
  validateSearch: v.object({ start_date: dateFilter, end_date: dateFilter, shop_id: idFilter }),
  component: ProfitReportPage,
});
