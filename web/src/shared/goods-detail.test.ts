import { describe, expect, it } from 'vitest';
import { detailCartExtras, goodsDetailPath, isNearExpiryLink, ladderQuantityLabels } from './goods-detail';

describe('the goods detail link', () => {
  it('carries the shown price entries into the cart line', () => {
    const params = new URLSearchParams('goods_price_id=12&ladder_price_id=7&goods_manjian_id=3&is_yj=1&is_jxq=1');
    expect(detailCartExtras(params)).toEqual({
      goodsPriceId: '12',
      ladderPriceId: '7',
      goodsManjianId: '3',
      isYj: true,
    });
    expect(isNearExpiryLink(params)).toBe(true);
  });

  it('leaves out what the address does not give, gives as 0, or gives as garbage', () => {
    const params = new URLSearchParams('goods_price_id=0&ladder_price_id=&goods_manjian_id=1%27%20or%201&is_yj=0');
    expect(detailCartExtras(params)).toEqual({});
    expect(isNearExpiryLink(params)).toBe(false);
    expect(detailCartExtras(new URLSearchParams())).toEqual({});
  });

  it('escapes the id in the path', () => {
    expect(goodsDetailPath('42')).toBe('/list/info/42');
    expect(goodsDetailPath('a/b')).toBe('/list/info/a%2Fb');
  });

  it('reads ladder tiers the way the goods says', () => {
    // The seed closes upper bounds with 99999: buyers read "50盒及以上", never "≤99999盒".
    expect(ladderQuantityLabels('UPPER_BOUND', [4, 49, 99999], '盒')).toEqual(['1-4盒', '5-49盒', '50盒及以上']);
    expect(ladderQuantityLabels('UPPER_BOUND', [1, 10], '盒')).toEqual(['1盒', '2盒及以上']);
    expect(ladderQuantityLabels('MINIMUM_QUANTITY', [10, 50], '瓶')).toEqual(['10-49瓶', '50瓶及以上']);
    expect(ladderQuantityLabels('MINIMUM_QUANTITY', [5], '')).toEqual(['5及以上']);
  });
});
