/** The bodies the signing benchmarks sign. */

export const SECRET = 'consign-dev-secret';

/** A typical list request: ten fields after the client added nonce and ts. */
export const tenFields = {
  pageIndex: 3,
  pageSize: 20,
  keyword: '连衣裙',
  status: 'pending',
  shop_id: 12,
  platform: 'taobao',
  start_date: '2026-11-01',
  end_date: '2026-11-22',
  nonce: 'aZ3kLm9QpX2rTt7B',
  ts: 1_795_334_400,
};

/** About 1 KB (UTF-8 canonical string) of mixed ASCII and Chinese text across a dozen fields. */
export const oneKb: Record<string, unknown> = { nonce: 'aZ3kLm9QpX2rTt7B', ts: 1_795_334_400 };
for (let i = 0; i < 10; i++) {
  oneKb[`field_${i}`] = `商品标题 ${i} — Summer dress, cotton, size M/L/XL, 包邮 ${'x'.repeat(36)}`;
}
