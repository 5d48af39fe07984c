import { describe, expect, it } from 'vitest';
import type { ErrorOption } from 'react-hook-form';
import { SERVER_ERROR, setUserErrors } from './server-errors';

interface Exchange {
  quantity: string;
  addressId: string;
}

/** setError as react-hook-form's form would take it, noting what each field was given. */
function recorder() {
  const set: { field: string; error: ErrorOption; focus: boolean | undefined }[] = [];
  const setError = (field: string, error: ErrorOption, options?: { shouldFocus?: boolean }) => {
    set.push({ field, error, focus: options?.shouldFocus });
  };
  return { set, setError };
}

describe('a payload’s refusals on the form’s fields (ADR 0314)', () => {
  it('puts each refusal naming a field on that field, the first taking the focus, and answers the others', () => {
    const { set, setError } = recorder();
    const rest = setUserErrors<Exchange, { code: string; field: string | null; message: string }>(
      [
        { code: 'STOCK', field: 'quantity', message: '库存不足，最多可兑换 3 件' },
        { code: 'POINTS', field: null, message: '积分不足' },
        { code: 'ADDRESS', field: 'addressId', message: '收货地址不存在' },
        { code: 'GOODS', field: 'goodsId', message: '商品不存在' },
      ],
      setError,
      ['quantity', 'addressId'],
    );
    expect(set).toEqual([
      { field: 'quantity', error: { type: SERVER_ERROR, message: '库存不足，最多可兑换 3 件' }, focus: true },
      { field: 'addressId', error: { type: SERVER_ERROR, message: '收货地址不存在' }, focus: false },
    ]);
    expect(rest.map((error) => error.message)).toEqual(['积分不足', '商品不存在']);
  });

  it('leaves every field alone when no refusal names one of them', () => {
    const { set, setError } = recorder();
    expect(
      setUserErrors<Exchange, { field: undefined; message: string }>(
        [{ field: undefined, message: '兑换失败' }],
        setError,
        ['quantity'],
      ),
    ).toEqual([{ field: undefined, message: '兑换失败' }]);
    expect(set).toEqual([]);
  });
});
