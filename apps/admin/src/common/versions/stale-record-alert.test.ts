import { HttpError, STALE_RECORD_MESSAGE } from '@consign/api-client';
import { describe, expect, it } from 'vitest';
import { problemMessage } from '../problem-message';
import { isStaleRecord } from './stale-record-alert';

describe('a 409 in its own words', () => {
  it('is a stale record only when it says so (or says nothing); otherwise its message is shown', () => {
    const refused = new HttpError(409, '/api/purchase/preview', {
      data: { errorCode: 1, msg: '未连接1688采购账号，请先在代发设置中连接' },
    });
    expect(isStaleRecord(refused)).toBe(false);
    expect(problemMessage(refused)).toBe('未连接1688采购账号，请先在代发设置中连接');
    expect(refused.message).toBe('未连接1688采购账号，请先在代发设置中连接');
    const stale = new HttpError(409, '/api/setting/update', {
      data: { errorCode: 1, msg: STALE_RECORD_MESSAGE },
    });
    expect(isStaleRecord(stale)).toBe(true);
    expect(isStaleRecord(new HttpError(409, '/api/setting/update'))).toBe(true);
  });
});
