import { describe, expect, it } from 'vitest';
import { logValueText } from './log-labels.js';
import { fenAsYuan } from './money.js';

const format = { time: (s: number) => `t${s}`, empty: '（空）', yes: '是', no: '否' };

describe('the operation log in Chinese and yuan', () => {
  it('reads an order step as a person would', () => {
    expect(logValueText('order', 'status', 'pending', format)).toBe('待采购');
    expect(logValueText('order', 'status', 'purchased', format)).toBe('已采购');
    expect(logValueText('order', 'cost', 80000, format)).toBe('¥800.00');
    expect(logValueText('order', 'supplier', null, format)).toBe('（空）');
  });

  it('reads a status by its target: an after-sale pending is 待处理, a member disabled is 已停用', () => {
    expect(logValueText('after_sale', 'status', 'pending', format)).toBe('待处理');
    expect(logValueText('member', 'status', 'disabled', format)).toBe('已停用');
  });

  it('reads permissions, flags, times and an export filter', () => {
    expect(logValueText('role', 'permissions', ['order:view', 'log:view'], format)).toBe(
      '查看代发订单、查看操作日志',
    );
    expect(logValueText('settings', 'auto_purchase', true, format)).toBe('是');
    expect(logValueText('banner', 'begin_time', 1_764_000_000, format)).toBe('t1764000000');
    expect(logValueText('export', 'filters', { status: 'pending', platform: 'pinduoduo' }, format)).toBe(
      '订单状态：待采购；平台：拼多多',
    );
  });

  it('writes fen as yuan exactly', () => {
    expect([fenAsYuan(0), fenAsYuan(5), fenAsYuan(31891), fenAsYuan(-120)]).toEqual([
      '¥0.00',
      '¥0.05',
      '¥318.91',
      '-¥1.20',
    ]);
  });
});
