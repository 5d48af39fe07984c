import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createCache } from '../apollo-cache';
import { ReorderPanel, ReorderPanelQuery } from './ReorderPanel';

// REORDER-05, REORDER-06: what the member centre and the quick-purchase page show of the goods due.

const item = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'ReorderSuggestion' as const,
  id,
  name: `商品${id}`,
  manufacturer: '华润三九医药股份有限公司',
  spec: '10g*9袋',
  packingUnit: '盒',
  image: `https://img.example.com/${id}.jpg`,
  lastPurchaseDate: '2026-11-14',
  intervalDays: 14,
  usualQuantity: 20,
  daysLeft: 0,
  state: 'DUE' as const,
  price: { __typename: 'Money' as const, fen: 1045, amount: '10.45' },
  priceLabel: '限时9.5折',
  stock: 400,
  isBuyable: true,
  unavailableReason: null,
  ...overrides,
});

function panel(items: ReturnType<typeof item>[], more?: string): string {
  const client = new ApolloClient({ cache: createCache(), link: ApolloLink.empty() });
  client.writeQuery({
    query: ReorderPanelQuery,
    variables: { limit: 3 },
    data: { reorderSuggestions: { __typename: 'ReorderSuggestions', total: 5, dueCount: 2, items } },
  });
  return renderToString(
    createElement(
      MemoryRouter,
      null,
      createElement(ApolloProvider, {
        client,
        children: createElement(ReorderPanel, more === undefined ? { limit: 3 } : { limit: 3, more }),
      }),
    ),
  );
}

describe('ReorderPanel', () => {
  it('shows each goods due with its last purchase, cadence, quantity and today’s price, buyable ones chosen', () => {
    const html = panel([
      item('1'),
      item('2', { daysLeft: 2, state: 'DUE_SOON', intervalDays: 7, priceLabel: null }),
      item('3', { isBuyable: false, unavailableReason: '该商品已售罄', stock: 0, price: null }),
    ]);
    expect(html).toContain('补货提醒');
    expect(html).toContain('2026/11/14');
    expect(html).toMatch(/约每 (<!-- -->)?14(<!-- -->)? 天/);
    expect(html).toContain('今天该补货');
    expect(html).toMatch(/2(<!-- -->)? 天后到期/);
    expect(html).toContain('10.45');
    expect(html).toContain('限时9.5折');
    // REORDER-06: the sold-out goods says why and has no checkbox; the two others are chosen.
    expect(html).toContain('该商品已售罄');
    expect(html).not.toContain('选择 商品3');
    expect(html.match(/type="checkbox"[^>]*checked/g) ?? []).toHaveLength(2);
    expect(html).toMatch(/已选 (<!-- -->)?2(<!-- -->)? 种/);
    expect(html).toContain('加入购物车');
  });

  it('on the member centre leads to the whole list; says so when nothing is due', () => {
    expect(panel([item('1')], '/kjcg#bhtx')).toMatch(/href="\/kjcg#bhtx"[^>]*>查看全部（(<!-- -->)?5(<!-- -->)?）/);
    expect(panel([])).toContain('暂无需要补货的商品');
  });
});
