import { PERMISSIONS } from '@consign/api-client';
import { memberSaveBodySchema, roleSaveBodySchema } from '@consign/api-client/contract';
import { describe, expect, it } from 'vitest';
import { submitForm } from '../../lib/form-testing';
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
      submitForm(memberForm, memberMessages, values);
    expect((await add({ mobile: '1234', nickname: '', role_id: '' })).errors).toEqual({
      mobile: TEAM_TEXT.members.mobileError,
      role_id: TEAM_TEXT.members.roleRequired,
    });
    expect((await add({ mobile: '139 0000 0001', nickname: '小王', role_id: '3' })).errors).toEqual({});
    const edit = { id: 5, version: 2, mobile: '', nickname: '名'.repeat(33), role_id: '3' };
    expect((await submitForm(memberForm, memberMessages, edit)).errors).toEqual({
      nickname: TEAM_TEXT.members.nicknameTooLong,
    });
  });

  it('sends the mobile without spaces when adding; when editing, never the mobile but the version read', async () => {
    const added = await submitForm(memberForm, memberMessages, {
      mobile: '139 0000 0001',
      nickname: ' 小王 ',
      role_id: '3',
    });
    expect(added.body).toEqual({ mobile: '13900000001', nickname: '小王', role_id: 3 });
    const edit = await submitForm(memberForm, memberMessages, {
      id: 5,
      version: 2,
      mobile: '13900000001',
      nickname: '',
      role_id: '4',
    });
    expect(edit.body).toEqual({ id: 5, version: 2, nickname: '', role_id: 4 });
    expect(memberValues(null)).toEqual({ mobile: '', nickname: '', role_id: '' });
    expect(memberSaveBodySchema.safeParse(added.body).success).toBe(true);
    expect(memberSaveBodySchema.safeParse(edit.body).success).toBe(true);
  });
});
