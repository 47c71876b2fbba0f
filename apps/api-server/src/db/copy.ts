import type { CopyRecord, Page } from '@consign/api-client';
import type { BodyOf } from '../contract';
import { Filters, likePattern, NEWEST_FIRST, page } from './list';
import type { Scope } from './scope';
import { shopById } from './shop';

/** A page of copy jobs, newest first. */
export function listCopyRecords(scope: Scope, params: BodyOf<'/api/copy/index'>): Promise<Page<CopyRecord>> {
  const f = new Filters();
  f.and(`c.account_id = ${f.p(scope.accountId)}`);
  const keyword = likePattern(params.keyword);
  if (keyword) f.and(`c.source_url ILIKE ${f.p(keyword)}`);
  if (params.status) f.and(`c.status = ${f.p(params.status)}`);
  if (params.shop_id) f.and(`c.shop_id = ${f.p(params.shop_id)}`);
  return page<CopyRecord>(
    scope.db,
    {
      table: 'copy_records',
      alias: 'c',
      filters: f,
      order: NEWEST_FIRST,
      select: `c.id, c.source_url, c.shop_id, s.name AS shop_name, c.status, c.progress, c.goods_id, c.error,
        c.created_at`,
      joins: 'JOIN shops s ON s.id = c.shop_id',
    },
    params,
  );
}

/** Queues one copy job per source link (the copy worker advances them); returns how many. */
export async function queueCopyJobs(
  scope: Scope,
  { shop_id, urls }: BodyOf<'/api/copy/create'>,
  now: number,
): Promise<number> {
  await shopById(scope, shop_id);
  await scope.db.query(
    `INSERT INTO copy_records (account_id, source_url, shop_id, status, progress, created_at, updated_at)
     SELECT $4, url, $1, 'queued', 0, $2, $2 FROM unnest($3::text[]) WITH ORDINALITY AS u(url, n) ORDER BY n`,
    [shop_id, now, urls, scope.accountId],
  );
  return urls.length;
}
