import type { FileRouteTypes } from '../../routeTree.gen';

/**
 * 帮助中心's articles: what the product does today, in the seller's words, each with links to the pages
 * it describes. An article about a feature still being built says so (`building`), so nobody looks for
 * a button that is not there yet; a feature with a page is not being built (articles.test.ts holds
 * both). The header's 帮助 opens the article of the page on screen: a route names it in its
 * `staticData.help` (README, "Adding a page").
 */
export interface HelpArticle {
  /** The anchor of the article (`/dashboard/help#<id>`). */
  id: string;
  title: string;
  /** A feature being built: the article says what will come, and links to no page. */
  building?: boolean;
  paragraphs: string[];
  /** The pages the article is about (a typed path of the app's router; the search, when a view). */
  links?: HelpLink[];
}

export interface HelpLink {
  label: string;
  to: FileRouteTypes['to'];
  search?: Record<string, string>;
}

export const HELP_ARTICLES: HelpArticle[] = [
  {
    id: 'authorise-shop',
    title: '如何授权店铺',
    paragraphs: [
      '在「店铺管理 → 店铺设置」中点击「添加店铺」，选择拼多多或抖店，页面会前往平台的授权页；在平台上同意授权后回到店铺设置，提示「授权成功」，店铺出现在列表中。在平台上拒绝或授权未完成时，页面会说明原因，店铺不会添加。',
      '列表中的状态显示正常、授权即将过期（7 天内到期，附到期日）、授权已过期或已停用。即将过期或已过期的店铺点击「重新授权」即可，同一个平台店铺只会更新、不会重复添加，已同步的订单不受影响。停用的店铺不再同步订单。',
      '可授权的平台由平台运营在全局设置中开通；添加店铺中没有平台时，请联系运营。只能访问部分店铺的子账号不能授权新店铺。',
    ],
    links: [{ label: '前往店铺设置', to: '/shop/setting' }],
  },
  {
    id: 'order-sync',
    title: '订单如何同步',
    paragraphs: [
      '授权后，系统按「代发设置」中的订单同步间隔（15、30 或 60 分钟）从平台拉取新订单和有变化的订单；同一订单只会出现一次，平台上的退款会同步为售后单。抖店还会在买家付款、发货、退款时主动推送消息，订单通常几秒内就会出现，定时同步作为补充。',
      '「店铺设置」的订单同步一栏显示每个店铺上次同步的时间、落后多久和最近一次的错误；点击「立即同步」可马上同步（同一店铺两次同步至少间隔 1 分钟）。授权过期的店铺无法同步，重新授权后继续。',
      '同步来的订单在「订单管理 → 代发订单」中，可以按状态、店铺、平台、下单日期和关键词（订单号、买家、商品）筛选，筛选条件保存在地址中，刷新或分享链接后不变。',
    ],
    links: [
      { label: '前往代发订单', to: '/order/index' },
      { label: '店铺设置', to: '/shop/setting' },
      { label: '代发设置', to: '/system/setting' },
    ],
  },
  {
    id: 'purchase',
    title: '如何一键采购',
    paragraphs: [
      '先在「系统设置 → 代发设置」中点击「连接1688账号」，用您的1688采购账号授权；订单的每件商品都要关联货源（1688商品和规格），可以在订单中「关联货源」，也可以在「商品编辑」的规格与货源中设置，设置一次后同款商品的订单自动使用。',
      '在代发订单中打开一笔「待采购」订单点击「一键采购」，先预览1688的采购价、运费、代发服务费和预计利润，确认后在1688下单，订单变为「已采购」。多笔订单可勾选后「批量一键采购」。开启「自动采购」后，新同步的订单在每件商品都已关联货源时自动下单。',
      '采购价比货源价上涨超过「允许采购价上浮」、库存不足、地址不正确或余额不足以支付代发服务费时不会下单，订单保持「待采购」并写明原因，出现在异常订单的「采购失败」或「缺货」中；设置了备用货源的商品会自动改用备用货源。失败的采购也会以「失败」和原因记入操作日志。',
      '不通过1688的订单，也可以在订单中点击「采购」，手动填写供应商、供应商订单号和采购成本。',
    ],
    links: [
      { label: '连接1688账号（代发设置）', to: '/system/setting' },
      { label: '待采购订单', to: '/order/index', search: { status: 'pending' } },
      { label: '采购失败的订单', to: '/order/index', search: { exception: 'purchase_failed' } },
    ],
  },
  {
    id: 'pay',
    title: '1688采购单如何付款',
    paragraphs: [
      '1688下单后采购单为「待付款」，供应商在付款后才发货。在代发设置中开启「自动付款（免密支付）」后，下单后立即用1688账号开通的免密支付（支付宝代扣）付款；未开通免密支付或付款未成功时，订单保持待付款并说明原因。',
      '待付款的订单在异常订单的「待付款」中，勾选后点击「批量付款」，会在新标签页打开支付宝收银台，一次支付所选订单的1688采购单；付款后供应商发货，物流单号自动回到订单。超过代发设置中「待付款提醒」时长仍未付款的采购单会发送消息提醒。',
    ],
    links: [
      { label: '待付款的订单', to: '/order/index', search: { exception: 'unpaid' } },
      { label: '代发设置', to: '/system/setting' },
    ],
  },
  {
    id: 'ship',
    title: '如何发货',
    paragraphs: [
      '1688供应商发货后，系统自动读取物流单号为订单发货并回传到平台，无需手动操作；订单需要有发货地址，在「系统设置 → 发货地址」中维护，可设一个默认地址，未设置时订单会提示，保存地址后几秒内继续发货。',
      '手动发货：打开一笔「已采购」订单，点击「发货」，选择快递公司、填写运单号并选择发货地址；运单号会按快递公司的格式检查。多笔订单可使用「批量发货」，买家签收后可点击「完成」。不确定运单号属于哪家快递时，可以用「常用工具 → 运单号识别」查询。',
    ],
    links: [
      { label: '发货地址', to: '/system/address' },
      { label: '已采购订单', to: '/order/index', search: { status: 'purchased' } },
    ],
  },
  {
    id: 'writeback',
    title: '物流如何回传到平台',
    paragraphs: [
      '拼多多、抖店订单发货后，系统把快递公司和运单号回传到平台，订单上显示「回传中」「已回传」或「回传失败」（附平台的原因）。平台暂时不可用时会自动重试。代发设置中关闭「自动回传物流」时，发货后为「待回传」，在订单中点击「重新回传」时才回传。',
      '回传失败的订单集中在异常订单的「回传失败」中：在订单中点击「重新回传」，或勾选多笔后「批量重新回传」，每单都会列出结果。买家已申请售后的订单平台会拒绝回传，请先处理售后。',
    ],
    links: [{ label: '回传失败的订单', to: '/order/index', search: { exception: 'writeback_failed' } }],
  },
  {
    id: 'topup',
    title: '如何充值',
    paragraphs: [
      '点击页面右上角的「充值」，输入金额后「去支付宝付款」，在支付宝收银台完成付款。支付宝通知付款结果并验证通过后，金额存入账户余额，同一笔充值只入账一次；充值结果页显示以系统记录为准的结果：充值成功、处理中或已取消（未付款，不扣款也不入账）。',
      '每一笔充值、扣费和退款都在「财务 → 余额明细」中，附原因、订单或充值单号和变动后的余额。充值需要「充值与财务设置」权限。',
    ],
    links: [{ label: '余额明细', to: '/finance/balance' }],
  },
  {
    id: 'fees',
    title: '代发服务费',
    paragraphs: [
      '每笔采购成功的订单从账户余额扣除一次代发服务费，金额由平台运营设置（可按平台不同），在「代发设置」中可以查看。一键采购在1688下单前先扣除，余额不足时提示「余额不足，请先充值」且不会下单。',
      '采购未成功、供应商取消采购单或取消未发货的订单时，服务费退回余额，每笔只退一次；扣费和退款都记在余额明细中。',
    ],
    links: [
      { label: '代发设置', to: '/system/setting' },
      { label: '余额明细', to: '/finance/balance' },
    ],
  },
  {
    id: 'import',
    title: '如何导入快递单号',
    paragraphs: [
      '在代发订单中点击「导入快递单号」，选择 CSV（UTF-8）或 XLSX 文件，第一行为表头：订单号、快递公司（如 SF 或 顺丰速运）、快递单号，最多 1000 行，可先下载模板。',
      '先「预览」：每一行都会检查，有问题的行会标出原因且不会导入；确认后「确认导入」，可导入的行使用默认发货地址发货，并列出每行的结果。',
    ],
    links: [{ label: '前往代发订单', to: '/order/index' }],
  },
  {
    id: 'export',
    title: '如何导出订单',
    paragraphs: [
      '在代发订单中设置好筛选条件，点击「导出」并选择格式，系统会按当前筛选条件在后台生成文件。',
      '导出菜单中的「选择导出列」可以勾选文件包含哪些列（默认全部导出，列的顺序与列表相同，平台订单号在第一列），选择会按列表记住。',
      '生成进度和下载链接在「下载中心」中查看，导出文件保留 7 天，到期自动删除。',
    ],
    links: [{ label: '下载中心', to: '/dashboard/download' }],
  },
  {
    id: 'after-sale',
    title: '如何处理售后',
    paragraphs: [
      '「订单管理 → 售后订单」列出仅退款、退货退款和换货申请，平台上的退款会自动同步过来。打开一条申请，可以同意退款、拒绝（需填写原因），退货和换货需先确认收到退货（填写退货运单号）。',
      '每一步都会记入售后单的处理记录，包括操作人、时间、拒绝原因和退货运单号，并可从售后详情前往对应的订单。已在1688下单但未付款的订单出现售后时，系统会取消1688采购单并退回服务费；已付款未发货的订单会标为「售后拦截」，请联系供应商拦截包裹。',
    ],
    links: [{ label: '售后订单', to: '/order/after-sale' }],
  },
  {
    id: 'address',
    title: '如何修改收货地址',
    paragraphs: [
      '订单发货前（待采购、已采购）可在订单详情中点击「修改收货地址」。如果同时有其他人修改了这笔订单，保存时会提示「数据已被他人修改，请刷新后重试」，重新加载后再修改即可。',
      '买家发来的整段地址可以先用「常用工具 → 地址解析」拆分出姓名、手机号、省市区和详细地址。',
    ],
    links: [{ label: '常用工具', to: '/dashboard/tools' }],
  },
  {
    id: 'team',
    title: '子账号与权限',
    paragraphs: [
      '主账号可在「用户管理 → 权限管理」中创建角色并选择权限，再在「子账号」中添加成员、分配角色，并可限定成员能访问的店铺。成员只能看到和操作角色允许的功能。',
      '每个人都可以在右上角菜单的「用户中心」中设置自己的昵称；主账号还可以修改账号名称。所有修改都会记入「操作日志」，未成功的后台操作（如采购失败）记为「失败」并写明原因。',
    ],
    links: [
      { label: '权限管理', to: '/user/permission' },
      { label: '子账号', to: '/user/account' },
      { label: '操作日志', to: '/system/logs' },
    ],
  },
];

/** The articles whose title or text holds every word of `query` (spaces separate words), in order. */
export function searchArticles(articles: readonly HelpArticle[], query: string): HelpArticle[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...articles];
  return articles.filter((article) => {
    const text = `${article.title}\n${article.paragraphs.join('\n')}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
