import { PERMISSIONS } from '@consign/api-client';
import { memberSaveBodySchema, roleSaveBodySchema } from '@consign/api-client/contract';
import { describe, expect, it } from 'vitest';
import { TEAM_COPY } from './copy';
import { formToMember, memberToForm, validateMember } from './member-form';
import { formToRole, roleToForm, togglePermission, validateRole } from './role-form';

describe('the role form', () => {
  it('keeps the permissions in catalogue order, each once', () => {
    let picked = togglePermission([], 'team:manage', true, PERMISSIONS);
    picked = togglePermission(picked, 'order:view', true, PERMISSIONS);
    picked = togglePermission(picked, 'order:view', true, PERMISSIONS);
    expect(picked).toEqual(['order:view', 'team:manage']);
    expect(togglePermission(picked, 'order:view', false, PERMISSIONS)).toEqual(['team:manage']);
  });

  it('asks for a name of 1-32 characters and at least one permission', () => {
    expect(validateRole({ name: '  ', permissions: [] })).toEqual({
      name: TEAM_COPY.roles.nameRequired,
      permissions: TEAM_COPY.roles.pickOne,
    });
    expect(validateRole({ name: '客'.repeat(33), permissions: ['order:view'] })).toHaveProperty('name');
    expect(validateRole({ name: ' 客服 ', permissions: ['order:view'] })).toEqual({});
  });

  it('sends the trimmed name, and the id with the version read only when editing', () => {
    const values = roleToForm(null);
    expect(values).toEqual({ name: '', permissions: [] });
    expect(formToRole(null, { name: ' 客服 ', permissions: ['aftersale:process'] })).toEqual({
      name: '客服',
      permissions: ['aftersale:process'],
    });
    const role = { id: 7, version: 3 };
    expect(formToRole(role, { name: '客服', permissions: [] })).toMatchObject({ id: 7, version: 3 });
    // What the form sends, the contract accepts.
    expect(
      roleSaveBodySchema.safeParse(formToRole(role, { name: '客服', permissions: ['log:view'] })).success,
    ).toBe(true);
  });
});

describe('the member form', () => {
  it('asks for a valid mobile only when adding, and for a role', () => {
    const add = validateMember(true);
    expect(add({ mobile: '1234', nickname: '', role_id: '' })).toEqual({
      mobile: TEAM_COPY.members.mobileError,
      role_id: TEAM_COPY.members.roleRequired,
    });
    expect(add({ mobile: '139 0000 0001', nickname: '小王', role_id: '3' })).toEqual({});
    expect(validateMember(false)({ mobile: '', nickname: '名'.repeat(33), role_id: '3' })).toEqual({
      nickname: TEAM_COPY.members.nicknameTooLong,
    });
  });

  it('sends the mobile without spaces when adding; when editing, never the mobile but the version read', () => {
    expect(formToMember(null, { mobile: '139 0000 0001', nickname: ' 小王 ', role_id: '3' })).toEqual({
      mobile: '13900000001',
      nickname: '小王',
      role_id: 3,
    });
    const edit = formToMember({ id: 5, version: 2 }, { mobile: '13900000001', nickname: '', role_id: '4' });
    expect(edit).toEqual({ id: 5, version: 2, nickname: '', role_id: 4 });
    expect(memberToForm(null)).toEqual({ mobile: '', nickname: '', role_id: '' });
    const body = formToMember(null, { mobile: '13900000001', nickname: '', role_id: '3' });
    expect(memberSaveBodySchema.safeParse(body).success).toBe(true);
    expect(memberSaveBodySchema.safeParse(edit).success).toBe(true);
  });
});
