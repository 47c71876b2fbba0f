import { describe, expect, it } from 'vitest';
import { ORDER_EVENT_MONEY_DETAILS, ORDER_MONEY_FIELDS } from './finance-rules.js';
import { orderBatchPurchaseBodySchema, orderDetailSchema, orderPurchaseBodySchema } from './fulfilment.js';
import { logField } from './log-labels.js';
import { PURCHASE_FIELD_NAMES, PURCHASE_FIELDS, purchaseColumns } from './purchase-fields.js';

describe('the purchase fields, declared once', () => {
  it('every field is in the step body, the detail, and either once or per order in 批量采购', () => {
    const batch = orderBatchPurchaseBodySchema.shape;
    const row = batch.items.element.shape;
    for (const name of PURCHASE_FIELD_NAMES) {
      expect(orderPurchaseBodySchema.shape).toHaveProperty(name);
      expect(orderDetailSchema.shape).toHaveProperty(name);
      expect(PURCHASE_FIELDS[name].batch === 'shared' ? batch : row).toHaveProperty(name);
    }
  });

  it('the operation log names each field by its one label, money as fen', () => {
    for (const name of PURCHASE_FIELD_NAMES) {
      const field = PURCHASE_FIELDS[name];
      expect(logField('order', name)).toEqual(
        field.log === 'fen' ? { label: field.label, kind: 'fen' } : { label: field.label },
      );
    }
  });

  it('a finance field is among the money the server strips without finance:view', () => {
    for (const name of PURCHASE_FIELD_NAMES) {
      const finance = 'finance' in PURCHASE_FIELDS[name];
      expect((ORDER_MONEY_FIELDS as readonly string[]).includes(name)).toBe(finance);
      expect((ORDER_EVENT_MONEY_DETAILS as readonly string[]).includes(name)).toBe(finance);
    }
  });

  it('stores empty or absent text as null and keeps a 0 cost', () => {
    expect(purchaseColumns({ supplier: '1688', supplier_order_no: '', cost: 0 })).toEqual({
      supplier: '1688',
      supplier_order_no: null,
      cost: 0,
    });
    expect(purchaseColumns({})).toEqual({ supplier: null, supplier_order_no: null, cost: null });
  });
});
