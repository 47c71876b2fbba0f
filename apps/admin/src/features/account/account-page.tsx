import { maskMobile, roleOf } from '@consign/api-client';
import { currentUserQuery } from '@consign/api-client/query';
import { Avatar, AvatarFallback, AvatarImage, formatDateTime, getInitials } from '@consign/ui';
import { useQuery } from '@tanstack/react-query';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { ACCOUNT_COPY } from './copy';

/** 用户中心: the signed-in user's profile. */
export function AccountPage() {
  const user = useQuery(currentUserQuery(useApi())).data;
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
        <dt className="text-muted-foreground">{ACCOUNT_COPY.createdAt}</dt>
        <dd>{formatDateTime(user.created_at)}</dd>
      </dl>
    </section>
  );
}
