import { describe, expect, it } from 'vitest';
import {
  afterSaleStepAllowed,
  apiRoutes,
  CARRIERS,
  canTakeStep,
  ORDER_BATCH_MAX,
  ORDER_STATUSES,
  stepRefusedMessage,
  trackingNoProblem,
} from '../src/contract';

describe('the order steps', () => {
  it('allow exactly the lifecycle 待采购 -> 已采购 -> 已发货 -> 已完成, and 取消 from 待采购 or 已采购', () => {
    const allowed = (step: Parameters<typeof canTakeStep>[0]) =>
      ORDER_STATUSES.filter((status) => canTakeStep(step, status));
    expect(allowed('purchase')).toEqual(['pending']);
    expect(allowed('ship')).toEqual(['purchased']);
    expect(allowed('complete')).toEqual(['shipped']);
    expect(allowed('cancel')).toEqual(['pending', 'purchased']);
    expect(stepRefusedMessage('ship', 'pending')).toBe('订单当前状态为「待采购」，不能发货');
  });

  it('checks a tracking number against its carrier where the format is known', () => {
    expect(trackingNoProblem('SF', 'sf1234567890123')).toBeNull();
    expect(trackingNoProblem('SF', '1234567890123')).toMatch(/顺丰速运/);
    expect(trackingNoProblem('YTO', 'YT1234567890123')).toBeNull();
    expect(trackingNoProblem('JD', 'JDVA12345678901')).toBeNull();
    expect(trackingNoProblem('OTHER', 'ABC123456')).toBeNull();
    expect(trackingNoProblem('OTHER', '12')).toMatch(/6-40/);
    expect(trackingNoProblem('ZTO', '78123456789012')).toBeNull();
    for (const carrier of CARRIERS) expect(carrier.name.length).toBeGreaterThan(0);
  });

  it('refuses a ship body whose tracking number does not fit the carrier, naming the field', () => {
    const ship = apiRoutes['/api/order/ship'].body;
    const body = { id: 1, carrier: 'SF', tracking_no: ' sf1234567890123 ', sender_address_id: 2 };
    expect(ship.parse(body)).toMatchObject({ tracking_no: 'SF1234567890123' });
    const bad = ship.safeParse({ ...body, tracking_no: 'YT1234567890123' });
    expect(bad.error?.issues[0]?.path).toEqual(['tracking_no']);
  });

  it('takes a batch by ids or by filter, not both, not neither, at most ORDER_BATCH_MAX ids', () => {
    const batch = apiRoutes['/api/order/batch-cancel'].body;
    expect(batch.safeParse({ ids: [1, 2], reason: '缺货' }).success).toBe(true);
    expect(
      batch.safeParse({ filter: { status: 'pending' }, expected_count: 3, reason: '缺货' }).success,
    ).toBe(true);
    // By filter only with the count the user saw, and by ids without one.
    expect(batch.safeParse({ filter: { status: 'pending' }, reason: '缺货' }).success).toBe(false);
    expect(batch.safeParse({ ids: [1], expected_count: 1, reason: '缺货' }).success).toBe(false);
    expect(batch.safeParse({ reason: '缺货' }).success).toBe(false);
    expect(batch.safeParse({ ids: [1], filter: {}, reason: '缺货' }).success).toBe(false);
    expect(batch.safeParse({ ids: [1], reason: '' }).success).toBe(false);
    const many = Array.from({ length: ORDER_BATCH_MAX + 1 }, (_, i) => i + 1);
    expect(batch.safeParse({ ids: many, reason: '缺货' }).success).toBe(false);
  });
});

describe('the after-sale steps', () => {
  it('同意退款 a refund, or a return whose goods came back; 确认收到退货 a pending return; 拒绝 any open one', () => {
    expect(afterSaleStepAllowed('refund', 'refund', 'pending')).toBe(true);
    expect(afterSaleStepAllowed('refund', 'return', 'pending')).toBe(false);
    expect(afterSaleStepAllowed('refund', 'return', 'processing')).toBe(true);
    expect(afterSaleStepAllowed('receive', 'return', 'pending')).toBe(true);
    expect(afterSaleStepAllowed('receive', 'refund', 'pending')).toBe(false);
    expect(afterSaleStepAllowed('reject', 'exchange', 'processing')).toBe(true);
    expect(afterSaleStepAllowed('reject', 'refund', 'finished')).toBe(false);
  });
});
