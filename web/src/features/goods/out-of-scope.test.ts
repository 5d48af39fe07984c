import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GoodsAvailability, isOrderable } from '../../components/GoodsAvailability';
import { BuyControls } from './BuyControls';

// SCOPE-02: goods outside the buyer's business scope are marked wherever goods are listed, and cannot be added.

const goods = (outOfScope: boolean | null) => ({
  __typename: 'Goods' as const,
  id: '7',
  name: '双歧杆菌三联活菌胶囊',
  stock: 120,
  isBuyable: true,
  outOfScope,
});

function buyControls(outOfScope: boolean | null): string {
  const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
  return renderToString(
    createElement(
      MemoryRouter,
      null,
      createElement(ApolloProvider, { client, children: createElement(BuyControls, { goods: goods(outOfScope) }) }),
    ),
  );
}

describe('SCOPE-02: goods outside the business scope', () => {
  it('is not orderable for a buyer whose scope leaves it out, and is for others and for a visitor', () => {
    expect(isOrderable(goods(true))).toBe(false);
    expect(isOrderable(goods(false))).toBe(true);
    // A visitor's scope is unknown: the goods is shown as anyone's (adding it asks them to sign in first).
    expect(isOrderable(goods(null))).toBe(true);
  });

  it('shows the tag 超出经营范围 instead of the stock, and nothing of the kind to others', () => {
    const marked = renderToString(createElement(GoodsAvailability, { goods: goods(true), stock: 'label' }));
    expect(marked).toContain('超出经营范围');
    expect(marked).not.toContain('库存');
    for (const other of [false, null]) {
      const html = renderToString(createElement(GoodsAvailability, { goods: goods(other), stock: 'label' }));
      expect(html).not.toContain('超出经营范围');
      expect(html).toMatch(/库存：(<!-- -->)?120/);
    }
  });

  it('turns the add button off, described by the reason, and leaves it on for others', () => {
    const html = buyControls(true);
    const button = /<button[^>]*>加入购物车<\/button>/.exec(html)?.[0] ?? '';
    expect(button).toMatch(/disabled/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(button)?.[1];
    expect(describedBy).toBeDefined();
    expect(html).toContain(`id="${describedBy}"`);
    expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>该商品超出贵公司经营范围，无法购买<`));
    for (const other of [false, null]) {
      const open = /<button[^>]*>加入购物车<\/button>/.exec(buyControls(other))?.[0] ?? '';
      expect(open).not.toMatch(/disabled|aria-describedby/);
    }
  });
});
