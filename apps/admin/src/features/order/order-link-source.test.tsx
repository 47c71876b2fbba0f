import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { type Answer, Refusal } from '../../testing/fake-server';
import { linkedItems, pendingOrder, session, unlinkedItems } from '../../testing/order-fixtures';
import { renderInApp } from '../../testing/render-in-app';
import { SHOP_TEXT } from '../shop/texts';
import { OrderDetailDialog } from './order-detail-dialog';
import { PURCHASE_TEXT } from './purchase-texts';
import { ORDER_TEXT } from './texts';

/** 订单详情 of the 待采购 order, as the list opens it. */
function Detail() {
  return <OrderDetailDialog id={pendingOrder.id} open onOpenChange={() => {}} />;
}

const detail = () => page.getByRole('dialog', { name: ORDER_TEXT.detailTitle });
const linkDialog = () => page.getByRole('dialog', { name: PURCHASE_TEXT.linkTitle });
const offerDialog = () => page.getByRole('dialog', { name: SHOP_TEXT.skus.dialogTitle });

/** The account's goods SKUs as 关联货源 lists them: the T-shirt in two colours, the first with its 货源. */
const skus: Answer<'/api/purchase/skus'>['skus'] = [
  {
    sku_id: 11,
    goods_title: '纯棉T恤',
    spec: '白色 XL',
    source: { offer_id: '610000000001', spec_id: 'spec-1', quantity: 1, cost: 2500 },
  },
  { sku_id: 12, goods_title: '纯棉T恤', spec: '黑色 XL', source: null },
  { sku_id: 13, goods_title: '帆布袋', spec: '', source: null },
];

/** A 1688 offer as `/api/purchase/offer` reads it: two specs, the order's 白色 XL among them. */
const offer: Answer<'/api/purchase/offer'> = {
  offer_id: '610000000002',
  title: '纯棉T恤 代发',
  images: [],
  on_sale: true,
  price: 2300,
  stock: 500,
  specs: [
    { spec_id: 'spec-b-xl', spec: '黑色,XL', price: 2300, stock: 200 },
    { spec_id: 'spec-w-xl', spec: '白色,XL', price: 2400, stock: 300 },
  ],
};
const offerUrl = 'https://detail.1688.com/offer/610000000002.html';

/** The server's SKUs (searched by title) and the order's line, linked once `/api/purchase/link` answers. */
function linkable() {
  let items = unlinkedItems;
  return {
    '/api/purchase/skus': ({ keyword }: { keyword?: string | undefined }) => ({
      skus: skus.filter((sku) => !keyword || sku.goods_title.includes(keyword)),
    }),
    '/api/purchase/items': () => items,
    link: () => {
      items = linkedItems;
      return { sku_id: 11 };
    },
  };
}

describe('关联货源', () => {
  it('links the line to a goods SKU found by its title, and shows the line’s 货源 then', async () => {
    const server$ = linkable();
    const { server } = await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => pendingOrder,
      '/api/purchase/items': server$['/api/purchase/items'],
      '/api/purchase/skus': server$['/api/purchase/skus'],
      '/api/purchase/link': server$.link,
    });
    await expect.element(detail().getByText(PURCHASE_TEXT.noSource)).toBeVisible();
    await detail().getByRole('button', { name: PURCHASE_TEXT.link, exact: true }).click();
    await expect
      .element(linkDialog())
      .toHaveTextContent(PURCHASE_TEXT.linkIntro(pendingOrder.goods[0]?.title ?? '', '白色 XL'));
    await linkDialog().getByRole('textbox', { name: PURCHASE_TEXT.linkSearch }).fill('纯棉');
    await expect.element(linkDialog().getByText(PURCHASE_TEXT.skuText('纯棉T恤', '黑色 XL'))).toBeVisible();
    expect(linkDialog().getByText(PURCHASE_TEXT.skuText('帆布袋', '')).query()).toBeNull();
    expect(server.calls('/api/purchase/skus').at(-1)).toEqual({ keyword: '纯棉' });
    await linkDialog()
      .getByRole('button', { name: PURCHASE_TEXT.linkChooseLabel('纯棉T恤', '白色 XL') })
      .click();
    await expect.element(page.getByText(PURCHASE_TEXT.linked)).toBeVisible();
    expect(server.calls('/api/purchase/link')).toEqual([{ id: pendingOrder.id, index: 0, sku_id: 11 }]);
    // Closed, and the line read again: the SKU and its 1688 货源, 更换货源 to change it.
    expect(linkDialog().query()).toBeNull();
    await expect
      .element(detail().getByText(PURCHASE_TEXT.sourceText('610000000001', 1)))
      .toHaveAttribute('href', 'https://detail.1688.com/offer/610000000001.html');
    await expect
      .element(detail().getByRole('button', { name: PURCHASE_TEXT.relink, exact: true }))
      .toBeVisible();
  });

  it('keeps the dialog, the search and the choice with the server’s refusal', async () => {
    const server$ = linkable();
    let refuse = true;
    const { server } = await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => pendingOrder,
      '/api/purchase/items': server$['/api/purchase/items'],
      '/api/purchase/skus': server$['/api/purchase/skus'],
      '/api/purchase/link': () => (refuse ? new Refusal(422, '订单没有这件商品') : server$.link()),
    });
    await detail().getByRole('button', { name: PURCHASE_TEXT.link, exact: true }).click();
    const search = linkDialog().getByRole('textbox', { name: PURCHASE_TEXT.linkSearch });
    await search.fill('纯棉');
    const choose = linkDialog().getByRole('button', {
      name: PURCHASE_TEXT.linkChooseLabel('纯棉T恤', '黑色 XL'),
    });
    await choose.click();
    await expect.element(linkDialog().getByRole('alert')).toHaveTextContent('订单没有这件商品');
    expect(server.calls('/api/purchase/link')).toEqual([{ id: pendingOrder.id, index: 0, sku_id: 12 }]);
    // Still open as it was: the search, its SKUs, 关联 to try again.
    await expect.element(search).toHaveValue('纯棉');
    await expect.element(choose).toBeEnabled();
    refuse = false;
    await choose.click();
    await expect.element(page.getByText(PURCHASE_TEXT.linked)).toBeVisible();
    expect(server.calls('/api/purchase/link')).toHaveLength(2);
  });

  it('links the line to a 1688 offer read from its link: the order’s spec and the units per sale', async () => {
    const server$ = linkable();
    let answerLink = () => {};
    const linkAnswered = new Promise<void>((resolve) => {
      answerLink = resolve;
    });
    const { server } = await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => pendingOrder,
      '/api/purchase/items': server$['/api/purchase/items'],
      '/api/purchase/skus': server$['/api/purchase/skus'],
      '/api/purchase/offer': () => offer,
      '/api/purchase/link': async () => {
        await linkAnswered;
        return server$.link();
      },
    });
    await detail().getByRole('button', { name: PURCHASE_TEXT.link, exact: true }).click();
    await linkDialog().getByRole('button', { name: PURCHASE_TEXT.linkOffer }).click();
    await offerDialog().getByRole('textbox', { name: SHOP_TEXT.skus.offerInput }).fill(offerUrl);
    await offerDialog().getByRole('button', { name: SHOP_TEXT.skus.read }).click();
    expect(server.calls('/api/purchase/offer')).toEqual([{ offer: offerUrl }]);
    // The order's 白色 XL is chosen among the offer's specs.
    await expect.element(offerDialog().getByRole('radio', { name: '白色,XL', exact: false })).toBeChecked();
    await offerDialog().getByRole('textbox', { name: SHOP_TEXT.skus.quantity }).fill('2');
    const use = offerDialog().getByRole('button', { name: SHOP_TEXT.skus.useSource });
    await use.click();
    // While the link is saved 使用此货源 waits: a second click sends nothing twice.
    await expect.element(use).toBeDisabled();
    answerLink();
    await expect.element(page.getByText(PURCHASE_TEXT.linked)).toBeVisible();
    expect(server.calls('/api/purchase/link')).toEqual([
      { id: pendingOrder.id, index: 0, offer_url: offerUrl, spec_id: 'spec-w-xl', quantity: 2 },
    ]);
    expect(offerDialog().query()).toBeNull();
  });

  it('keeps the offer read, its spec and quantity with the server’s refusal of the link', async () => {
    const server$ = linkable();
    let refuse = true;
    const { server } = await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => pendingOrder,
      '/api/purchase/items': server$['/api/purchase/items'],
      '/api/purchase/skus': server$['/api/purchase/skus'],
      '/api/purchase/offer': () => offer,
      '/api/purchase/link': () => (refuse ? new Refusal(409, '1688商品不存在或已下架') : server$.link()),
    });
    await detail().getByRole('button', { name: PURCHASE_TEXT.link, exact: true }).click();
    await linkDialog().getByRole('button', { name: PURCHASE_TEXT.linkOffer }).click();
    const link = offerDialog().getByRole('textbox', { name: SHOP_TEXT.skus.offerInput });
    await link.fill(offerUrl);
    await offerDialog().getByRole('button', { name: SHOP_TEXT.skus.read }).click();
    const black = offerDialog().getByRole('radio', { name: '黑色,XL', exact: false });
    await black.click();
    const quantity = offerDialog().getByRole('textbox', { name: SHOP_TEXT.skus.quantity });
    await quantity.fill('3');
    const use = offerDialog().getByRole('button', { name: SHOP_TEXT.skus.useSource });
    await use.click();
    await expect.element(offerDialog().getByRole('alert')).toHaveTextContent('1688商品不存在或已下架');
    // Nothing to type again: the link, the offer read, the spec and the quantity chosen.
    await expect.element(link).toHaveValue(offerUrl);
    await expect.element(black).toBeChecked();
    await expect.element(quantity).toHaveValue('3');
    refuse = false;
    await use.click();
    await expect.element(page.getByText(PURCHASE_TEXT.linked)).toBeVisible();
    const sent = { id: pendingOrder.id, index: 0, offer_url: offerUrl, spec_id: 'spec-b-xl', quantity: 3 };
    expect(server.calls('/api/purchase/link')).toEqual([sent, sent]);
    expect(offerDialog().query()).toBeNull();
  });
});
