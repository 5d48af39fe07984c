import { describe, expect, it } from 'vitest';
import { promotionBullets, type PromotionFacts } from './order-promotions';

const money = (fen: number) => ({ fen, amount: (fen / 100).toFixed(2) });
const none = { goodsFullReduction: money(0), fullReduction: money(0), discount: money(0), coupon: money(0) };
const line = (over: Partial<PromotionFacts['lines'][number]> = {}): PromotionFacts['lines'][number] => ({
  name: '感冒灵颗粒',
  number: 2,
  packingUnit: '盒',
  total: { fen: 2500 },
  isGift: false,
  groupBuyId: null,
  combination: null,
  ...over,
});

describe('promotionBullets (ORDER-19)', () => {
  it('says what each promotion took off or gave', () => {
    const bullets = promotionBullets({
      couponName: '满200减20',
      amounts: {
        goodsFullReduction: money(500),
        fullReduction: money(3000),
        discount: money(1250),
        coupon: money(2000),
      },
      lines: [
        line({ combination: { id: '4', name: '感冒套餐', sets: 3 }, total: { fen: 6000 } }),
        line({ name: '维C银翘片', combination: { id: '4', name: '感冒套餐', sets: 3 }, total: { fen: 1500 } }),
        line({ name: '阿莫西林胶囊', number: 5, groupBuyId: '9', total: { fen: 4250 } }),
        line({ name: '医用外科口罩', number: 1, isGift: true, total: { fen: 0 } }),
      ],
    });
    expect(bullets).toEqual([
      '单品满减（-¥5.00）',
      '满减优惠（-¥30.00）',
      '满折优惠（-¥12.50）',
      '优惠券：满200减20（-¥20.00）',
      '赠品：医用外科口罩×1',
      '组合购：感冒套餐×3套，组合价¥75.00',
      '拼团：阿莫西林胶囊×5盒，拼团价¥42.50',
    ]);
    for (const bullet of bullets) expect(bullet).toMatch(/[¥×]/);
  });

  it('has no bullet for an order without promotions', () => {
    expect(promotionBullets({ couponName: null, amounts: none, lines: [line()] })).toEqual([]);
  });
});
