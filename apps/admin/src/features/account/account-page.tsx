import { maskMobile, roleOf, type UserProfile } from '@consign/api-client';
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
import { useEffect, useState } from 'react';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { StaleRecordAlert } from '../versions/stale-record-alert';
import { ACCOUNT_COPY } from './copy';

/**
 * 用户中心: the signed-in user's profile; there they set their nickname (the header's name) and, as the
 * account's owner, the account's name (卖家管理 shows it). Each save sends the version it read; a stale
 * one keeps what was typed and offers 重新加载.
 */
export function AccountPage() {
  const api = useApi();
  const user = useQuery(currentUserQuery(api)).data;
  const profile = useQuery(apiQuery(api, '/api/user/profile', {}));
  if (!user) return null;
  const name = user.nickname || user.mobile;
  return (
    <section aria-labelledby="account-title" className="flex flex-col gap-6 rounded-lg bg-card p-6 shadow-sm">
      <h1 id="account-title" className="text-lg font-semibold">
        {TITLES.account}
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
        <dt className="text-muted-foreground">{ACCOUNT_COPY.nickname}</dt>
        <dd>{user.nickname || ACCOUNT_COPY.noNickname}</dd>
        <dt className="text-muted-foreground">{ACCOUNT_COPY.mobile}</dt>
        <dd>{maskMobile(user.mobile)}</dd>
        <dt className="text-muted-foreground">{ACCOUNT_COPY.role}</dt>
        <dd>{ACCOUNT_COPY.roles[roleOf(user)]}</dd>
        <dt className="text-muted-foreground">{ACCOUNT_COPY.accountRole}</dt>
        <dd>{ACCOUNT_COPY.accountRoles[user.account_role]}</dd>
        <dt className="text-muted-foreground">{ACCOUNT_COPY.createdAt}</dt>
        <dd>{formatDateTime(user.created_at)}</dd>
      </dl>
      {profile.data ? (
        <div className="flex max-w-xl flex-col gap-6">
          <NameForm
            label={ACCOUNT_COPY.nickname}
            hint={ACCOUNT_COPY.nicknameHint}
            maxLength={32}
            value={profile.data.nickname}
            save={(value) =>
              api.call('/api/user/profile-save', { nickname: value, version: profile.data.version })
            }
            reload={() => profile.refetch()}
          />
          {profile.data.account_role === 'owner' ? (
            <NameForm
              label={ACCOUNT_COPY.accountName}
              hint={ACCOUNT_COPY.accountNameHint}
              maxLength={64}
              required
              value={profile.data.account_name}
              save={(value) =>
                api.call('/api/user/account-save', { name: value, version: profile.data.account_version })
              }
              reload={() => profile.refetch()}
            />
          ) : (
            <p className="text-sm">
              <span className="text-muted-foreground">{ACCOUNT_COPY.accountName}：</span>
              {profile.data.account_name}
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}

/** One name and its 保存: the value typed stays after a failed save; 重新加载 brings the current one. */
function NameForm({
  label,
  hint,
  maxLength,
  required = false,
  value,
  save,
  reload,
}: {
  label: string;
  hint: string;
  maxLength: number;
  required?: boolean;
  value: string;
  save: (value: string) => Promise<UserProfile>;
  reload: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | undefined>();
  // The saved (or reloaded) value replaces what was typed.
  useEffect(() => setText(value), [value]);
  const mutation = useMutation({
    mutationFn: (next: string) => save(next),
    onSuccess: async (profile) => {
      queryClient.setQueryData(apiKey('/api/user/profile', {}), profile);
      toast.success(ACCOUNT_COPY.saved(label));
      await queryClient.invalidateQueries({ queryKey: apiKey('/api/user/info') });
    },
  });
  return (
    <form
      noValidate
      aria-label={label}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (required && !text.trim()) return setError(ACCOUNT_COPY.required(label));
        setError(undefined);
        mutation.mutate(text.trim());
      }}
    >
      <Field label={label} description={hint} error={error} required={required}>
        <Input
          value={text}
          maxLength={maxLength}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <StaleRecordAlert
        error={mutation.error}
        onReload={() => {
          mutation.reset();
          void reload();
        }}
      />
      <div>
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? ACCOUNT_COPY.saving : ACCOUNT_COPY.save}
        </Button>
      </div>
    </form>
  );
}
