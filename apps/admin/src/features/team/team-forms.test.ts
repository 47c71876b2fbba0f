import { PERMISSIONS } from '@consign/api-client';
import { memberSaveBodySchema, roleSaveBodySchema } from '@consign/api-client/contract';
import { describe, expect, it } from 'vitest';
import { submitForm } from '../../common/form-testing';
import { memberForm, memberMessages, memberValues } from './member-form';
import { roleForm, roleMessages, roleValues, togglePermission } from './role-form';
import { TEAM_TEXT } from './texts';

describe('the role form', () => {
  it('keeps the permissions in catalogue order, each once', () => {
    let picked = togglePermission([], 'team:manage', true, PERMISSIONS);
    picked = togglePermission(picked, 'order:view', true, PERMISSIONS);
    picked = togglePermission(picked, 'order:view', true, PERMISSIONS);
    expect(picked).toEqual(['order:view', 'team:manage']);
    expect(togglePermission(picked, 'order:view', false, PERMISSIONS)).toEqual(['team:manage']);
  });

  it('asks for a name of 1-32 characters and at least one permission', async () => {
    expect((await submitForm(roleForm, roleMessages, { name: '  ', permissions: [] })).errors).toEqual({
      name: TEAM_TEXT.roles.nameRequired,
      permissions: TEAM_TEXT.roles.pickOne,
    });
    expect(
      (await submitForm(roleForm, roleMessages, { name: '客'.repeat(33), permissions: ['order:view'] }))
        .errors,
    ).toHaveProperty('name');
    expect(
      (await submitForm(roleForm, roleMessages, { name: ' 客服 ', permissions: ['order:view'] })).errors,
    ).toEqual({});
  });

  it('sends the trimmed name, and the id with the version read only when editing', async () => {
    expect(roleValues(null)).toEqual({ name: '', permissions: [] });
    const created = await submitForm(roleForm, roleMessages, {
      name: ' 客服 ',
      permissions: ['aftersale:process'],
    });
    expect(created.body).toEqual({ name: '客服', permissions: ['aftersale:process'] });
    const role = {
      id: 7,
      version: 3,
      name: '客服',
      permissions: ['log:view'] as const,
      member_count: 0,
      created_at: 1,
    };
    const edited = await submitForm(
      roleForm,
      roleMessages,
      roleValues({ ...role, permissions: [...role.permissions] }),
    );
    expect(edited.body).toMatchObject({ id: 7, version: 3 });
    // What the form sends, the contract accepts.
    expect(roleSaveBodySchema.safeParse(edited.body).success).toBe(true);
  });
});

describe('the member form', () => {
  it('asks for a valid mobile only when adding, and for a role', async () => {
    const add = (values: { mobile: string; nickname: string; role_id: string }) =>
      submitForm(memberForm, memberMessages, { ...values, shop_ids: [] });
    expect((await add({ mobile: '1234', nickname: '', role_id: '' })).errors).toEqual({
      mobile: TEAM_TEXT.members.mobileError,
      role_id: TEAM_TEXT.members.roleRequired,
    });
    expect((await add({ mobile: '139 0000 0001', nickname: '小王', role_id: '3' })).errors).toEqual({});
    const edit = { id: 5, version: 2, mobile: '', nickname: '名'.repeat(33), role_id: '3', shop_ids: [] };
    expect((await submitForm(memberForm, memberMessages, edit)).errors).toEqual({
      nickname: TEAM_TEXT.members.nicknameTooLong,
    });
  });

  it('sends the mobile without spaces when adding; when editing, never the mobile but the version read', async () => {
    const added = await submitForm(memberForm, memberMessages, {
      mobile: '139 0000 0001',
      nickname: ' 小王 ',
      role_id: '3',
      shop_ids: [],
    });
    expect(added.body).toEqual({ mobile: '13900000001', nickname: '小王', role_id: 3, shop_ids: [] });
    const edit = await submitForm(memberForm, memberMessages, {
      id: 5,
      version: 2,
      mobile: '13900000001',
      nickname: '',
      role_id: '4',
      shop_ids: [2, 9],
    });
    expect(edit.body).toEqual({ id: 5, version: 2, nickname: '', role_id: 4, shop_ids: [2, 9] });
    expect(memberValues(null)).toEqual({ mobile: '', nickname: '', role_id: '', shop_ids: [] });
    expect(memberSaveBodySchema.safeParse(added.body).success).toBe(true);
    expect(memberSaveBodySchema.safeParse(edit.body).success).toBe(true);
  });

  it('店铺权限: a member limited to shops shows them ticked; one of every shop (null) shows none', () => {
    const member = {
      id: 5,
      version: 2,
      mobile: '13900000001',
      nickname: '',
      account_role: 'member',
      role_id: 3,
      role_name: '运营',
      status: 'active',
      created_at: 1,
    } as const;
    expect(memberValues({ ...member, shop_ids: [4, 7], shop_names: ['甲', '乙'] }).shop_ids).toEqual([4, 7]);
    expect(memberValues({ ...member, shop_ids: null, shop_names: [] }).shop_ids).toEqual([]);
  });
});
