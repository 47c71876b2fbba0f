import type { Member } from '@consign/api-client';
import { memberSaveBodySchema } from '@consign/api-client/contract';
import * as z from 'zod';
import type { FieldMessages } from '../../common/form';
import { TEAM_TEXT } from './texts';

const memberText = TEAM_TEXT.members;

/**
 * The member dialog: the contract's save body (a mobile when adding, a name of at most 32, a role,
 * 店铺权限: the shops ticked, none for 全部店铺), with the picked role's id as text ('' = none yet). An
 * edit (with `id` and the `version` read) never sends the mobile: it is shown, not changed.
 */
export const memberForm = z
  .object({
    id: z.number().optional(),
    version: z.number().optional(),
    mobile: z.string(),
    nickname: z.string(),
    role_id: z.string(),
    shop_ids: z.array(z.number()),
  })
  .transform(
    ({ mobile, ...member }): z.input<typeof memberSaveBodySchema> =>
      member.id ? member : { ...member, mobile },
  )
  .pipe(memberSaveBodySchema);
export const memberMessages: FieldMessages<z.input<typeof memberForm>> = {
  // The contract says 请输入手机号 for any wrong mobile; the dialog asks for a correct one.
  mobile: { all: memberText.mobileError },
  nickname: memberText.nicknameTooLong,
  role_id: memberText.roleRequired,
};
/** The contract's fields of a member, for the inputs' limits. */
export const memberFields = memberSaveBodySchema.shape;

export function memberValues(member: Member | null): z.input<typeof memberForm> {
  return {
    ...(member ? { id: member.id, version: member.version } : {}),
    mobile: member?.mobile ?? '',
    nickname: member?.nickname ?? '',
    role_id: member?.role_id ? String(member.role_id) : '',
    shop_ids: member?.shop_ids ? [...member.shop_ids] : [],
  };
}
