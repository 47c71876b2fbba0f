import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { filter } from '../../../common/list/define-list';
import { TopupResultPage } from '../../../features/balance/topup-result-page';

/** 充值结果: where Alipay returns the browser (the server's `TOPUP_RETURN_PATH`), `?out_trade_no=`. */
export const Route = createFileRoute('/_authed/finance/topup-result')({
  staticData: { title: '充值结果', permission: 'finance:manage', help: 'topup' },
  validateSearch: v.object({ out_trade_no: filter }),
  component: TopupResultPage,
});
