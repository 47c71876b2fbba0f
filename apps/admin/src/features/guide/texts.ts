/**
 * 新手指引's text. Its own feature (not dashboard/texts.ts): the 工作台 route would otherwise download
 * these paragraphs too.
 */
export const GUIDE_TEXT = {
  intro: '三步开始代发：先接入店铺，再把货源商品复制到店铺，最后处理买家下单后的代发订单。',
  steps: [
    {
      title: '接入店铺',
      body: '在「店铺设置」中授权您在拼多多或抖店开设的店铺，并可按业务为店铺分组。授权过期的店铺会在列表中标出，重新授权即可。',
      link: '去店铺设置',
      to: '/shop/setting',
    },
    {
      title: '复制商品',
      body: '在「商品复制」中粘贴货源商品链接（每次最多 50 条），选择目标店铺后提交。复制进度可在「复制记录」中查看，成功的商品出现在「商品管理」里，可继续编辑标题、价格和库存。',
      link: '去复制商品',
      to: '/shop/copy',
    },
    {
      title: '处理订单',
      body: '买家下单后，订单会同步到「代发订单」。核对收货信息后向货源下单，发货后状态自动更新；退款、退货和换货在「售后订单」中处理。先在「发货地址」中设置发货地址：供应商发货后，订单要有它才能发货并回传物流。',
      link: '去处理订单',
      to: '/order/index',
    },
  ],
  stepLabel: (n: number) => `第 ${n} 步`,
} as const;
