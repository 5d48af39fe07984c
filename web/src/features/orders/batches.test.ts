import { describe, expect, it } from 'vitest';
import { batchText, deliveryNoteHref } from './batches';

describe('an order line’s batches (BATCH-04)', () => {
  it('names the batch with its production and expiry dates, and each batch’s units when there are several', () => {
    expect(
      batchText([{ batchNo: '24110101', producedOn: '2024-11-01', expiresOn: '2026-10-31', number: 5 }], '盒'),
    ).toBe('批号 24110101（生产日期 2024-11-01，有效期至 2026-10-31）');
    expect(
      batchText(
        [
          { batchNo: '24110101', producedOn: '2024-11-01', expiresOn: '2026-10-31', number: 3 },
          { batchNo: '25020301', producedOn: '2025-02-03', expiresOn: '2027-02-02', number: 2 },
        ],
        '盒',
      ),
    ).toBe(
      '批号 24110101（生产日期 2024-11-01，有效期至 2026-10-31） 3盒；批号 25020301（生产日期 2025-02-03，有效期至 2027-02-02） 2盒',
    );
    expect(batchText([], '盒')).toBeNull();
  });

  it('BATCH-08: the delivery note is the gateway’s PDF of the order', () => {
    expect(deliveryNoteHref('42')).toBe('/orders/42/delivery-note.pdf');
  });
});
