/**
 * 帮助中心's articles: what the product does today, in the seller's words. An article about a feature
 * still being built says so (`building`), so nobody looks for a button that is not there yet.
 */
export interface HelpArticle {
  /** The anchor of the article (`/dashboard/help#<id>`). */
  id: string;
  title: string;
  /** A feature being built: the article says what will come. */
  building?: boolean;
  paragraphs: string[];
}

export const HELP_ARTICLES: HelpArticle[] = [
  {
    id: 'authorise-shop',
    title: '如何授权店铺',
    building: true,
    paragraphs: [
      '在「店铺管理 → 店铺设置」中可以看到账号下的店铺、所属平台、分组和授权状态（已授权、授权过期、未授权）。',
      '通过拼多多、抖店开放平台一键授权店铺的功能正在建设中：授权后，店铺的订单会自动同步到代发订单。上线前，店铺由平台运营人员为您开通。',
      '授权即将过期或已过期的店铺会在列表中标出，届时重新授权即可，已同步的订单不受影响。',
    ],
  },
  {
    id: 'order-sync',
    title: '订单如何同步',
    building: true,
    paragraphs: [
      '订单自动同步正在建设中：授权店铺后，系统会按平台的更新时间定期拉取新订单和变化的订单，同一订单不会重复出现，平台上的退款会同步为售后单。',
      '目前「订单管理 → 代发订单」中显示账号下各店铺的订单，可以按状态、店铺、平台、下单日期和关键词（订单号、买家、商品）筛选，筛选条件保存在地址中，刷新或分享链接后不变。',
    ],
  },
  {
    id: 'purchase',
    title: '如何采购',
    paragraphs: [
      '在代发订单中打开一笔「待采购」订单，点击「采购」，填写供应商、供应商订单号和采购成本后确定，订单变为「已采购」，处理记录中会记下操作人和时间。',
      '多笔订单可以勾选后使用「批量采购」，也可以选择全部符合筛选条件的订单（单次最多 1000 单）；结果会逐单列出成功与失败的原因。',
      '买家在黑名单中的订单，采购前会再次确认。1688 一键采购正在建设中。',
    ],
  },
  {
    id: 'ship',
    title: '如何发货',
    paragraphs: [
      '打开一笔「已采购」订单，点击「发货」，选择快递公司、填写运单号并选择发货地址；运单号会按快递公司的格式检查，格式不符时会提示。',
      '发货地址在「系统设置 → 发货地址」中维护，可设一个默认地址。发货后订单变为「已发货」，买家签收后可点击「完成」。',
      '多笔订单可使用「批量发货」，每单填写各自的运单号。不确定运单号属于哪家快递时，可以用「常用工具 → 运单号识别」查询。',
    ],
  },
  {
    id: 'import',
    title: '如何导入快递单号',
    paragraphs: [
      '在代发订单中点击「导入快递单号」，选择 CSV（UTF-8）或 XLSX 文件，第一行为表头：订单号、快递公司（如 SF 或 顺丰速运）、快递单号，最多 1000 行，可先下载模板。',
      '先「预览」：每一行都会检查，有问题的行会标出原因且不会导入；确认后「确认导入」，可导入的行使用默认发货地址发货，并列出每行的结果。',
    ],
  },
  {
    id: 'export',
    title: '如何导出订单',
    paragraphs: [
      '在代发订单中设置好筛选条件，点击「导出」并选择格式，系统会按当前筛选条件在后台生成文件。',
      '生成进度和下载链接在「下载中心」中查看，导出文件保留 7 天，到期自动删除。',
    ],
  },
  {
    id: 'after-sale',
    title: '如何处理售后',
    paragraphs: [
      '「订单管理 → 售后订单」列出仅退款、退货退款和换货申请。打开一条申请，可以同意退款、拒绝（需填写原因），退货和换货需先确认收到退货（填写退货运单号）。',
      '每一步都会记入售后单的处理记录，包括操作人、时间、拒绝原因和退货运单号，并可从售后详情前往对应的订单。',
    ],
  },
  {
    id: 'address',
    title: '如何修改收货地址',
    paragraphs: [
      '订单发货前（待采购、已采购）可在订单详情中点击「修改收货地址」。如果同时有其他人修改了这笔订单，保存时会提示「数据已被他人修改，请刷新后重试」，重新加载后再修改即可。',
      '买家发来的整段地址可以先用「常用工具 → 地址解析」拆分出姓名、手机号、省市区和详细地址。',
    ],
  },
  {
    id: 'team',
    title: '子账号与权限',
    paragraphs: [
      '主账号可在「用户管理 → 权限管理」中创建角色并选择权限，再在「子账号」中添加成员并分配角色。成员只能看到和操作角色允许的功能。',
      '每个人都可以在右上角菜单的「用户中心」中设置自己的昵称；主账号还可以修改账号名称。所有修改都会记入「操作日志」。',
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
