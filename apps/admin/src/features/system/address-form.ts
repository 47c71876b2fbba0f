import type { Address, AddressKind } from '@consign/api-client';
import { addressSaveBodySchema } from '@consign/api-client/contract';
import type * as z from 'zod';
import type { FieldMessages } from '../../common/form';

/** The texts of 发货地址. */
export const ADDRESS_TEXT = {
  intro: '发货时选择的发货地址，以及买家退货寄回的退货地址；每类有且只有一个默认地址，发货时默认选中。',
  kinds: { sender: '发货地址', return: '退货地址' } satisfies Record<AddressKind, string>,
  create: (kind: AddressKind) => `新增${ADDRESS_TEXT.kinds[kind]}`,
  listTitle: (kind: AddressKind) => `${ADDRESS_TEXT.kinds[kind]}列表`,
  kindIntro: {
    sender: '包裹从这里寄出；发货时默认选中默认地址。',
    return: '买家退货寄回这里。',
  } satisfies Record<AddressKind, string>,
  editTitle: '编辑地址',
  kind: '类型',
  name: '联系人',
  mobile: '手机号',
  region: '省 / 市 / 区',
  regionPlaceholder: '如 浙江省 杭州市 余杭区',
  address: '详细地址',
  isDefault: '设为默认',
  default: '默认',
  makeDefault: '设为默认',
  makeDefaultLabel: (name: string) => `把 ${name} 设为默认`,
  edit: '编辑',
  delete: '删除',
  editLabel: (name: string) => `编辑 ${name}`,
  deleteLabel: (name: string) => `删除 ${name}`,
  deleteTitle: '删除地址',
  deleteDescription: (name: string) => `确定删除「${name}」吗？删除默认地址后，最新的一条成为默认。`,
  deleted: (name: string) => `已删除 ${name}`,
  saved: (name: string) => `已保存 ${name}`,
  empty: '暂无地址',
  actions: '操作',
  errors: {
    name: '请输入联系人（1-32 个字）',
    mobile: '请输入正确的手机号',
    region: '请输入省 / 市 / 区',
    address: '请输入详细地址（最多 200 字）',
  },
} as const;

/**
 * 发货地址: the contract's save body (a name 1-32, a mainland mobile, a region 1-64, an address 1-200),
 * with the `id` and `version` of the address edited among the default values.
 */
export const addressForm = addressSaveBodySchema;
export const addressMessages: FieldMessages<z.input<typeof addressForm>> = {
  name: ADDRESS_TEXT.errors.name,
  mobile: ADDRESS_TEXT.errors.mobile,
  region: ADDRESS_TEXT.errors.region,
  address: ADDRESS_TEXT.errors.address,
};

/** The form of `address`, or of a new address of `kind`. */
export function addressValues(
  address: Address | null,
  kind: AddressKind = 'sender',
): z.input<typeof addressForm> {
  return {
    ...(address ? { id: address.id, version: address.version } : {}),
    kind: address?.kind ?? kind,
    name: address?.name ?? '',
    mobile: address?.mobile ?? '',
    region: address?.region ?? '',
    address: address?.address ?? '',
    is_default: address?.is_default ?? false,
  };
}
