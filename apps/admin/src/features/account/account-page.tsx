import { maskMobile, roleOf, type UserProfile } from '@consign/api-client';
import { accountNameSaveBodySchema, profileSaveBodySchema } from '@consign/api-client/contract';
import { apiKey, apiQuery, currentUserQuery } from '@consign/api-client/query';
import {
  Avatar,
  AvatarFallback,
  AvatarImage,
  Button,
  Field,
  formatDateTime,
  getInitials,
  Input,
  toast,
} from '@consign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { maxLengthOf, useContractForm } from '../../common/form';
import { usePageTitle } from '../../common/page-title';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { ACCOUNT_TEXT } from './texts';

/**
 * 用户中心: the signed-in user's profile; there they set their nickname (the header's name) and, as the
 * account's owner, the account's name (卖家管理 shows it). Each save sends the version it read; a stale
 * one keeps what was typed and offers 重新加载.
 */
export function AccountPage() {
  const title = usePageTitle();
  const api = useApi();
  const user = useQuery(currentUserQuery(api)).data;
  const profile = useQuery(apiQuery(api, '/api/user/profile', {}));
  if (!user) return null;
  const name = user.nickname || user.mobile;
  return (
    <section aria-labelledby="account-title" className="flex flex-col gap-6 rounded-lg bg-card p-6 shadow-sm">
      <h1 id="account-title" className="text-lg font-semibold">
        {title}
      </h1>
      <div className="flex items-center gap-4">
        <Avatar size="lg">
          {user.avatar_image ? <AvatarImage src={user.avatar_image} alt="" /> : null}
          <AvatarFallback>{getInitials(name)}</AvatarFallback>
        </Avatar>
        <p className="text-xl font-semibold" data-slot="account-name">
          {name}
        </p>
      </div>
      <dl className="grid max-w-xl grid-cols-[8rem_1fr] gap-x-4 gap-y-3 text-sm">
        <dt className="text-muted-foreground">{ACCOUNT_TEXT.nickname}</dt>
        <dd>{user.nickname || ACCOUNT_TEXT.noNickname}</dd>
        <dt className="text-muted-foreground">{ACCOUNT_TEXT.mobile}</dt>
        <dd>{maskMobile(user.mobile)}</dd>
        <dt className="text-muted-foreground">{ACCOUNT_TEXT.role}</dt>
        <dd>{ACCOUNT_TEXT.roles[roleOf(user)]}</dd>
        <dt className="text-muted-foreground">{ACCOUNT_TEXT.accountRole}</dt>
        <dd>{ACCOUNT_TEXT.accountRoles[user.account_role]}</dd>
        <dt className="text-muted-foreground">{ACCOUNT_TEXT.createdAt}</dt>
        <dd>{formatDateTime(user.created_at)}</dd>
      </dl>
      {profile.data ? (
        <div className="flex max-w-xl flex-col gap-6">
          {/* A new version (saved here, or loaded after a stale save) starts the form over from it. */}
          <NicknameForm key={profile.data.version} profile={profile.data} reload={() => profile.refetch()} />
          {profile.data.account_role === 'owner' ? (
            <AccountNameForm
              key={profile.data.account_version}
              profile={profile.data}
              reload={() => profile.refetch()}
            />
          ) : (
            <p className="text-sm">
              <span className="text-muted-foreground">{ACCOUNT_TEXT.accountName}：</span>
              {profile.data.account_name}
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}

interface NameFormProps {
  profile: UserProfile;
  reload: () => Promise<unknown>;
}

/** 昵称: the contract's profile body (at most 32 characters; empty shows the mobile). */
function NicknameForm({ profile, reload }: NameFormProps) {
  const form = useContractForm(profileSaveBodySchema, {
    defaultValues: { nickname: profile.nickname, version: profile.version },
    messages: {},
  });
  const save = useMutation({
    ...callMutation(useApi(), '/api/user/profile-save'),
    onSuccess: useProfileSaved(ACCOUNT_TEXT.nickname),
  });
  return (
    <NameFrame
      label={ACCOUNT_TEXT.nickname}
      hint={ACCOUNT_TEXT.nicknameHint}
      error={form.formState.errors.nickname?.message}
      save={save}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      reload={reload}
    >
      <Input
        maxLength={maxLengthOf(profileSaveBodySchema.shape.nickname)}
        autoComplete="off"
        {...form.register('nickname')}
      />
    </NameFrame>
  );
}

/** 账号名称 (the owner's): the contract's body (1-64 characters). */
function AccountNameForm({ profile, reload }: NameFormProps) {
  const form = useContractForm(accountNameSaveBodySchema, {
    defaultValues: { name: profile.account_name, version: profile.account_version },
    messages: { name: ACCOUNT_TEXT.required(ACCOUNT_TEXT.accountName) },
  });
  const save = useMutation({
    ...callMutation(useApi(), '/api/user/account-save'),
    onSuccess: useProfileSaved(ACCOUNT_TEXT.accountName),
  });
  return (
    <NameFrame
      label={ACCOUNT_TEXT.accountName}
      hint={ACCOUNT_TEXT.accountNameHint}
      required
      error={form.formState.errors.name?.message}
      save={save}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      reload={reload}
    >
      <Input
        maxLength={maxLengthOf(accountNameSaveBodySchema.shape.name)}
        autoComplete="off"
        {...form.register('name')}
      />
    </NameFrame>
  );
}

/** After a name is saved: the profile answered replaces the one read (its new version starts the form over). */
function useProfileSaved(label: string) {
  const queryClient = useQueryClient();
  return (profile: UserProfile) => {
    queryClient.setQueryData(apiKey('/api/user/profile', {}), profile);
    toast.success(ACCOUNT_TEXT.saved(label));
  };
}

/** One name and its 保存: the value typed stays after a failed save; 重新加载 brings the current one. */
function NameFrame({
  label,
  hint,
  required = false,
  error,
  save,
  onSubmit,
  reload,
  children,
}: {
  label: string;
  hint: string;
  required?: boolean;
  error: string | undefined;
  save: { error: unknown; isPending: boolean };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  reload: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <form noValidate aria-label={label} className="flex flex-col gap-2" onSubmit={onSubmit}>
      <Field label={label} description={hint} error={error} required={required}>
        {children}
      </Field>
      <StaleRecordAlert error={save.error} onReload={() => void reload()} />
      <div>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? ACCOUNT_TEXT.saving : ACCOUNT_TEXT.save}
        </Button>
      </div>
    </form>
  );
}
