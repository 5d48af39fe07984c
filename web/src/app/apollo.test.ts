import { describe, expect, it } from 'vitest';
import { CartBadgeFragment } from '../features/cart/CartBadge';
import { CartPageFragment } from '../features/cart/CartPage';
import { ShellCartQuery } from '../features/cart/cart-query';
import { CartPanelFragment } from '../features/cart/CartPanel';
import { RemoveCartLinesMutation } from '../features/cart/cart-mutations';
import { AccountPageQuery } from '../features/account/AccountPage';
import { AddToCartMutation } from '../shared/add-to-cart';
import { TopBarUserFragment } from './shell/TopBar';
import { createCache } from '../shared/apollo-cache';

const money = (fen: number) => ({ __typename: 'Money' as const, fen, amount: (fen / 100).toFixed(2) });

function line(id: string, name: string, number: number, priceFen: number) {
  return {
    __typename: 'CartLine' as const,
    id,
    number,
    selected: true,
    isAvailable: true,
    type: 'NORMAL' as const,
    nextTierHint: null,
    freeShippingHint: null,
    promotion: null,
    promotionNote: null,
    goodsFullReductionHint: null,
    gift: null,
    exchangeOffer: null,
    price: money(priceFen),
    total: money(priceFen * number),
    goods: {
      __typename: 'Goods' as const,
      id: `g-${id}`,
      name,
      spec: '10g*9袋',
      manufacturer: '华润三九医药股份有限公司',
      packingUnit: '盒',
      stock: 100,
      images: [],
      tags: [],
    },
    combination: null,
    groupBuy: null,
  };
}

function cart(lines: ReturnType<typeof line>[]) {
  const totalFen = lines.reduce((sum, item) => sum + item.total.fen, 0);
  return {
    __typename: 'Cart' as const,
    id: 'cart-1',
    count: lines.length,
    lines,
    summary: {
      __typename: 'CartSummary' as const,
      selectedCount: lines.length,
      selectedTotal: money(totalFen),
      shippingShortfall: null,
      freeShipping: false,
      fullReductionTiers: [],
      discountTiers: [],
      amounts: {
        __typename: 'OrderAmounts' as const,
        goods: money(totalFen),
        goodsFullReduction: money(0),
        fullReduction: money(0),
        discount: money(0),
        freight: money(0),
        payable: money(totalFen),
      },
    },
  };
}

const cartRef = { __typename: 'Cart', id: 'cart-1' } as const;

describe('the one normalised cart', () => {
  it('moves the badge and the panel together from one add-to-cart answer', () => {
    const cache = createCache();
    cache.writeQuery({ query: ShellCartQuery, data: { cart: cart([line('l1', '感冒灵颗粒', 2, 1250)]) } });
    expect(cache.readFragment({ fragment: CartBadgeFragment, from: cartRef })?.count).toBe(1);

    cache.writeQuery({
      query: AddToCartMutation,
      variables: { lines: [{ goodsId: 'g-l2', number: 3 }] },
      data: {
        addToCart: {
          __typename: 'CartPayload',
          message: '加入购物车成功',
          cart: cart([line('l2', '阿莫西林胶囊', 3, 990), line('l1', '感冒灵颗粒', 2, 1250)]),
        },
      },
    });

    expect(cache.readFragment({ fragment: CartBadgeFragment, from: cartRef })?.count).toBe(2);
    const panel = cache.readFragment({ fragment: CartPanelFragment, from: cartRef });
    expect(panel?.lines.map((item) => item.goods.name)).toEqual(['阿莫西林胶囊', '感冒灵颗粒']);
    expect(panel?.summary.selectedTotal.fen).toBe(5470);
    // The shell's own query reads the same entry: nothing needs to be refetched.
    expect(cache.readQuery({ query: ShellCartQuery })?.cart.id).toBe('cart-1');
  });

  it('replaces the lines with the answer instead of merging old ones back in', () => {
    const cache = createCache();
    cache.writeQuery({
      query: ShellCartQuery,
      data: { cart: cart([line('l1', '感冒灵颗粒', 2, 1250), line('l2', '阿莫西林胶囊', 3, 990)]) },
    });
    cache.writeQuery({
      query: RemoveCartLinesMutation,
      variables: { ids: ['l1'] },
      data: {
        removeCartLines: { __typename: 'CartPayload', message: null, cart: cart([line('l2', '阿莫西林胶囊', 3, 990)]) },
      },
    });
    const panel = cache.readFragment({ fragment: CartPanelFragment, from: cartRef });
    expect(panel?.count).toBe(1);
    expect(panel?.lines.map((item) => item.id)).toEqual(['l2']);
  });

  it("keeps the cart page's summary when the shell's smaller answer arrives after it", () => {
    const cache = createCache();
    const full = { ...cart([line('l1', '感冒灵颗粒', 2, 1250)]), summary: { ...cart([]).summary, freeShipping: true } };
    cache.writeFragment({ fragment: CartPageFragment, fragmentName: 'CartPage_cart', data: full });
    cache.writeQuery({ query: ShellCartQuery, data: { cart: cart([line('l1', '感冒灵颗粒', 2, 1250)]) } });
    const page = cache.readFragment({ fragment: CartPageFragment, fragmentName: 'CartPage_cart', from: cartRef });
    expect(page?.summary.freeShipping).toBe(true);
    expect(page?.summary.selectedTotal.fen).toBe(2500);
  });

  it("keeps the member centre's document warning when the frame's smaller answer arrives after it", () => {
    const cache = createCache();
    const manager = { __typename: 'AccountManager' as const, name: '王经理', phone: '13800000000', isDedicated: true };
    const me = {
      __typename: 'User' as const,
      id: '7',
      username: 'demo',
      company: '仁心大药房',
      accountManager: manager,
      unusedCouponCount: 2,
      wallet: { __typename: 'Wallet' as const, balance: money(50_000) },
      cartCount: 3,
      qualificationAlert: {
        __typename: 'QualificationAlert' as const,
        level: 'EXPIRING' as const,
        blocksOrdering: false,
        message: '您的药品经营许可证将于30天内到期',
      },
    };
    cache.writeQuery({ query: AccountPageQuery, data: { me } });
    cache.writeFragment({
      fragment: TopBarUserFragment,
      data: {
        __typename: 'User',
        id: '7',
        company: '仁心大药房',
        storeName: null,
        username: 'demo',
        messageCount: 1,
        accountManager: manager,
        qualificationAlert: {
          __typename: 'QualificationAlert',
          level: 'EXPIRING',
          message: '您的药品经营许可证将于30天内到期',
        },
      },
    });
    expect(cache.readQuery({ query: AccountPageQuery })?.me?.qualificationAlert?.blocksOrdering).toBe(false);
  });
});
