import { isValidMobile, type Member, type MemberSaveBody, normalizeMobile } from '@consign/api-client';
import type { FormErrors } from '../../lib/use-form-state';
import { TEAM_COPY } from './copy';

const m = TEAM_COPY.members;

/** The member dialog as typed; `role_id` is the picked role's id as a string ('' = none yet). */
export interface MemberFormValues {
  mobile: string;
  nickname: string;
  role_id: string;
}

export function memberToForm(member: Member | null): MemberFormValues {
  return {
    mobile: member?.mobile ?? '',
    nickname: member?.nickname ?? '',
    role_id: member?.role_id ? String(member.role_id) : '',
  };
}

/** The contract's rules (`memberSaveBodySchema`): a valid mobile when adding, a name of at most 32, a role. */
export function validateMember(isNew: boolean) {
  return (values: MemberFormValues): FormErrors<MemberFormValues> => {
    const errors: FormErrors<MemberFormValues> = {};
    if (isNew && !isValidMobile(values.mobile)) errors.mobile = m.mobileError;
    if ([...values.nickname.trim()].length > 32) errors.nickname = m.nicknameTooLong;
    if (!values.role_id) errors.role_id = m.roleRequired;
    return errors;
  };
}

/**
 * The body of member-save: adding sends the mobile; an edit names the member and the `version` it
 * was read at (else 409), never the mobile.
 */
export function formToMember(
  member: Pick<Member, 'id' | 'version'> | null,
  values: MemberFormValues,
): MemberSaveBody {
  const common = { nickname: values.nickname.trim(), role_id: Number(values.role_id) };
  return member
    ? { id: member.id, version: member.version, ...common }
    : { mobile: normalizeMobile(values.mobile), ...common };
}
